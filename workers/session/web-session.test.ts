import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { tap } from '../../core/gestures/index.js';
import type { OutlineJson } from '../../core/outline/json.js';
import type { OutlineElement } from '../../core/outline/snapshot.js';
import { launchWebDevice, startDemoServer, type DemoServer, type WebDevice } from '../bridges/web/index.js';
import { DeviceSession } from './device-session.js';
import { inPage } from './test-support/demo-page.js';
import { type Data, errorOf, okData } from './test-support/envelopes.js';
import { admitTimeline } from '../../core/wire/admitted-timeline.js';

interface Gesture {
  kind: string;
  fingers: number;
  scaleMin?: number;
  scaleMax?: number;
}

/** Live posts arrive every second at first, so the pause switch has something to stop. */
const LIVE_MS = 1000;

describe('device session on the web device and the demo app (headless Chromium)', () => {
  let server: DemoServer;
  let device: WebDevice;
  let session: DeviceSession;

  const outline = async (): Promise<{ data: Data; json: OutlineJson }> => {
    const data = okData(await session.execute('outline', { format: 'json' }));
    return { data, json: data.outline as OutlineJson };
  };
  const find = (json: OutlineJson, test: (e: OutlineElement) => boolean, what: string): OutlineElement => {
    const el = json.elements.find(test);
    assert.ok(el, `${what} is not in the outline`);
    return el;
  };
  const demo = <T>(expression: string): Promise<T> => inPage<T>(device, `window.__demo.${expression}`);
  const finiteAnimations = (): Promise<number> =>
    inPage<number>(device, 'document.getAnimations().filter((a) => a.playState === "running" && Number.isFinite(Number(a.effect.getComputedTiming().endTime))).length');

  before(async () => {
    server = await startDemoServer();
    device = await launchWebDevice({ url: `${server.url}?liveMs=${LIVE_MS}` });
    session = new DeviceSession(device);
  });

  after(async () => {
    await session?.close();
    await server?.close();
  });

  it('waits for still past the infinite spinner and through an animation, and the live timeline can be paused', async () => {
    const first = await outline();
    assert.equal((first.data.still as { still: boolean }).still, true, 'the infinite spinner does not block stillness');
    find(first.json, (e) => e.role === 'ProgressBar', 'the spinner');

    await sleep(LIVE_MS * 1.5);
    const moving = await outline();
    assert.notEqual(moving.data.snapshot, first.data.snapshot, 'live posts change the screen');

    const paused = okData(await session.execute('toggle', { target: 'role=Switch[label="Live updates"]', on: false }));
    assert.equal(paused.checked, false);
    assert.equal(paused.delivery, 'delivered_verified');
    assert.equal(await demo<boolean>('live'), false);
    const a = await outline();
    await sleep(LIVE_MS * 1.5);
    const b = await outline();
    assert.equal(b.data.snapshot, a.data.snapshot, 'a paused timeline keeps the same snapshot');

    // A screen transition started behind the session's back: the observation must wait it out.
    await inPage(device, 'location.hash = "#/alerts"; new Promise((r) => requestAnimationFrame(() => r(true)))');
    assert.ok((await finiteAnimations()) > 0, 'the transition is running');
    const during = await outline();
    assert.equal((during.data.still as { still: boolean }).still, true);
    assert.ok(Number(during.data.waited_ms) > 0, 'the observation reports that it waited');
    assert.equal(await finiteAnimations(), 0, 'it answered after the animation ended');
    const later = await outline();
    assert.equal(later.data.snapshot, during.data.snapshot, 'what it saw was the settled screen');
  });

  it('observe -> act -> verify: a tap on the Settings tab by selector changes the screen, and the settled diff shows it', async () => {
    await outline();
    const data = okData(await session.execute('tap', { target: 'role=Tab[label="Settings"]' }));
    assert.equal(await demo<string>('route'), 'settings');
    assert.notEqual(data.before, data.after);
    assert.match(String(data.diff), /^screen: \w+ → Settings\nApp: /, 'the new screen in one line, then its outline');
    assert.match(String(data.diff), /\n {2}@\d+ (#\S+ )?TextField "Display name"/);
    assert.match(String(data.diff), /\n {2}@\d+ (#\S+ )?Tab "Settings" #tab-settings .*selected/);
    assert.doesNotMatch(String(data.diff), /^- /m);

    const typed = okData(await session.execute('type', { target: '#display-name', text: 'Ada' }));
    assert.equal(typed.delivery, 'delivered_verified');
    assert.equal(typed.value, 'Ada');
    const replaced = okData(await session.execute('type', { target: '#display-name', text: 'Bob', clear: true }));
    assert.equal(replaced.value, 'Bob');
    assert.equal(await inPage<string>(device, 'document.getElementById("display-name").value'), 'Bob');
    okData(await session.execute('key', { key: 'return' }));
    const dark = okData(await session.execute('toggle', { target: 'role=Switch[label="Dark mode"]' }));
    assert.equal(dark.checked, true);
  });

  it('finds the hidden toolbar through hit-testing and taps its buttons by @N', async () => {
    okData(await session.execute('tap', { target: 'role=Tab[label="Home"]' }));
    const { json } = await outline();
    const hits = json.elements.filter((e) => e.source === 'hit');
    for (const word of ['Like', 'Share', 'Save']) assert.ok(hits.some((e) => e.label?.includes(word)), `${word} found by hit-testing`);
    const share = find(json, (e) => e.source === 'hit' && !!e.label?.includes('Share'), 'Share');
    const data = okData(await session.execute('tap', { target: `@${share.index}` }));
    assert.equal(await demo<string>('toolbar'), 'Share');
    assert.match(String(data.diff), /\+ @\d+ (#\S+ )?Text "Toolbar: Share"/);
  });

  it('scrolls the feed by 300 points within 2 points in at most two drags, and a fling keeps moving after release', async () => {
    await outline();
    const start = await demo<number>('feedScroll');
    // The touch events carry the times the drag meant, so events that reach Chromium late and
    // bunched on a loaded machine no longer fling the feed past the mark.
    const data = okData(await session.execute('scroll-by', { dy: 300 }));
    const moved = (data.scrolled as { dy: number }).dy;
    const end = await demo<number>('feedScroll');
    assert.ok(Math.abs(end - start - 300) <= 2, `scrolled ${end - start} points (${String(data.delivery)}, ${String(data.drags)} drags)`);
    assert.ok(Math.abs(end - start - moved) <= 0.5, `the answer says the feed moved ${moved}, it moved ${end - start}`);
    assert.ok(Number(data.drags) <= 2, `${String(data.drags)} drags`);
    assert.equal(data.delivery, 'delivered_verified');

    // The fling's speed is read off the event times the gesture meant, however late they went out.
    const scroll = okData(await session.execute('fling', { direction: 'up' })).scroll as { at_release: { y: number }; settled: { y: number } } | undefined;
    assert.ok(scroll && scroll.settled.y > scroll.at_release.y + 20, `coasted from ${scroll?.at_release.y} to ${scroll?.settled.y}`);
    assert.equal(await demo<number>('feedScroll'), scroll.settled.y);
  });

  it('pinches to 2x, rotates by 90 degrees without a pinch, and makes one two-finger tap on the photo viewer', async () => {
    okData(await session.execute('web.open', { url: `${server.url}?live=off&viewer=1#/post/2` }));
    assert.equal(await demo<string>('route'), 'post');
    const viewer = 'role=Image[label~="zoom"]';
    okData(await session.execute('pinch', { scale: 2, target: viewer }));
    const zoom = await demo<number>('zoom');
    assert.ok(Math.abs(zoom - 2) <= 0.1, `zoom ${zoom}`);

    okData(await session.execute('tap', { target: 'role=Button[label="Reset zoom"]' }));
    assert.equal(await demo<number>('zoom'), 1);
    okData(await session.execute('rotate', { degrees: 90, target: viewer }));
    const rotation = await demo<number>('rotation');
    assert.ok(Math.abs(rotation - 90) <= 5, `rotation ${rotation}`);
    const turn = await demo<Gesture>('lastGesture');
    assert.equal(turn.kind, 'rotate');
    assert.ok((turn.scaleMin ?? 0) >= 0.95 && (turn.scaleMax ?? Infinity) <= 1.05, `scale ${turn.scaleMin}..${turn.scaleMax} during the rotation`);

    const count = (await demo<Gesture[]>('gestures')).length;
    okData(await session.execute('two-finger-tap', { target: viewer }));
    const gestures = await demo<Gesture[]>('gestures');
    assert.equal(gestures.length, count + 1, 'one gesture');
    assert.equal(gestures[gestures.length - 1]?.kind, 'twoFingerTap');
    assert.equal(gestures[gestures.length - 1]?.fingers, 2);
  });

  it('answers STALE_REF for a ref to a screen that changed, and taps nothing', async () => {
    const { json } = await outline();
    const reset = find(json, (e) => e.label === 'Reset zoom', 'the Reset button');
    await inPage(device, 'location.hash = "#/alerts"; new Promise((r) => setTimeout(() => r(true), 50))');
    const taps = (await demo<unknown[]>('taps')).length;
    const err = errorOf(await session.execute('tap', { target: `@${reset.index}` }));
    assert.equal(err.code, 'STALE_REF');
    assert.deepEqual(err.disposition, { delivery: 'not_delivered', retry: 'safe' });
    assert.equal(err.recovery?.strategy, 'snapshot_then_retry');
    assert.equal((await demo<unknown[]>('taps')).length, taps);
  });

  it('refuses bad input with error envelopes and sends nothing to the page', async () => {
    await outline();
    const taps = (await demo<unknown[]>('taps')).length;
    const gestures = (await demo<unknown[]>('gestures')).length;
    const cases: Array<[string, unknown, string]> = [
      ['tap', { target: 'text="No such button"' }, 'NOT_FOUND'],
      ['tap', { target: { x: 500, y: 100 } }, 'INVALID_ARGS'],
      ['key', { key: 'Hyper' }, 'INVALID_ARGS'],
      ['perform', { fingers: [] }, 'INVALID_ARGS'],
    ];
    for (const [command, args, code] of cases) {
      const err = errorOf(await session.execute(command, args));
      assert.equal(err.code, code, `${command}: ${err.message}`);
      assert.equal(err.disposition.delivery, 'not_delivered');
    }
    assert.equal((await demo<unknown[]>('taps')).length, taps);
    assert.equal((await demo<unknown[]>('gestures')).length, gestures);
    // The page still takes input afterwards: the errors left nothing half-done.
    await device.perform(admitTimeline(tap({ x: 195, y: 400 }), device.info.size));
    assert.equal((await demo<unknown[]>('gestures')).length, gestures + 1);
  });
});
