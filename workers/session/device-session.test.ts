import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { OutlineJson } from '../../core/outline/json.js';
import { DeviceSession } from './device-session.js';
import { errorOf, okData } from './test-support/envelopes.js';
import { MemoryBridge } from './test-support/memory-bridge.js';

function setup(): { bridge: MemoryBridge; session: DeviceSession } {
  const bridge = new MemoryBridge();
  return { bridge, session: new DeviceSession(bridge) };
}

async function outlineJson(session: DeviceSession, lease?: string): Promise<OutlineJson> {
  const data = okData(await session.execute('outline', { format: 'json' }, lease ? { leaseId: lease } : {}));
  return data.outline as OutlineJson;
}

function refOf(outline: OutlineJson, label: string): string {
  const el = outline.elements.find((e) => e.label === label);
  assert.ok(el, `no ${label} in the outline`);
  return `@${el.index}`;
}

describe('device session on an in-memory app', () => {
  it('observes: a snapshot id, the stillness, and the hidden toolbar found by hit-testing', async () => {
    const { session } = setup();
    const data = okData(await session.execute('outline', {}));
    assert.match(String(data.snapshot), /^[0-9a-f]+$/);
    assert.deepEqual(data.still, { still: true, ms: 300 });
    assert.match(String(data.outline), new RegExp(`snapshot ${String(data.snapshot)}`));
    const json = await outlineJson(session);
    const hits = json.elements.filter((e) => e.source === 'hit').map((e) => e.label);
    assert.deepEqual(hits.sort(), ['Save', 'Share']);
    assert.equal(json.snapshot, data.snapshot, 'the same screen gives the same snapshot id');
  });

  it('acts on a selector and answers with the settled diff; the after-snapshot becomes the latest', async () => {
    const { bridge, session } = setup();
    await session.execute('outline', {});
    const data = okData(await session.execute('tap', { target: 'text="Settings"' }));
    assert.deepEqual(bridge.log, ['tap:Settings']);
    assert.notEqual(data.before, data.after);
    assert.match(String(data.diff), /^screen: Home → Settings\n/, 'a new screen is one line, not a - line per old element');
    assert.match(String(data.diff), /\n@\d+ (#\d+ )?Switch "Wi-Fi"/, 'then its outline');
    const json = await outlineJson(session);
    assert.equal(json.snapshot, data.after);
  });

  it('answers STALE_REF for a ref whose element left, and taps nothing', async () => {
    const { bridge, session } = setup();
    const home = await outlineJson(session);
    const post = refOf(home, 'Post 1');
    bridge.tab = 'settings';
    const err = errorOf(await session.execute('tap', { target: post }));
    assert.equal(err.code, 'STALE_REF');
    assert.deepEqual(err.disposition, { delivery: 'not_delivered', retry: 'safe' });
    assert.deepEqual(err.recovery, { strategy: 'snapshot_then_retry', needs_snapshot: true });
    assert.deepEqual(bridge.log, []);
    assert.equal(bridge.performed.length, 0);
  });

  it('answers STALE_REF when the element moved, rather than tapping its old place', async () => {
    const { bridge, session } = setup();
    const ref = refOf(await outlineJson(session), 'Post 3');
    bridge.scrollY = 30;
    assert.equal(errorOf(await session.execute('tap', { target: ref })).code, 'STALE_REF');
    assert.equal(bridge.performed.length, 0);
  });

  it('taps what a content selector names on the screen now, even when it moved since the last outline', async () => {
    const { bridge, session } = setup();
    await outlineJson(session);
    bridge.scrollY = 30;
    okData(await session.execute('tap', { target: 'text="Post 3"' }));
    assert.deepEqual(bridge.log, ['tap:Post 3', 'open:Post 3'], 'its new place, not where the last outline showed it');
    bridge.tab = 'settings';
    assert.equal(errorOf(await session.execute('tap', { target: 'text="Post 3"' })).code, 'NOT_FOUND', 'gone from the screen: nothing to tap');
    assert.deepEqual(bridge.log, ['tap:Post 3', 'open:Post 3']);
  });

  it('keeps a ref valid while a clock ticks elsewhere on the screen', async () => {
    const { bridge, session } = setup();
    bridge.ticking = true;
    const ref = refOf(await outlineJson(session), 'Settings');
    okData(await session.execute('tap', { target: ref }));
    assert.deepEqual(bridge.log, ['tap:Settings']);
  });

  it('scopes refs to the lease, and names older snapshots with @<snapshot>:N', async () => {
    const { bridge, session } = setup();
    const first = await outlineJson(session, 'lease-a');
    const settings = refOf(first, 'Settings');
    assert.equal(errorOf(await session.execute('tap', { target: settings }, { leaseId: 'lease-b' })).code, 'NOT_FOUND');
    okData(await session.execute('scroll-by', { dy: 120 }, { leaseId: 'lease-a' }));
    okData(await session.execute('tap', { target: `@${first.snapshot}:${settings.slice(1)}` }, { leaseId: 'lease-a' }));
    assert.equal(bridge.tab, 'settings');
    assert.equal(errorOf(await session.execute('tap', { target: '@abcdef:1' }, { leaseId: 'lease-a' })).code, 'STALE_REF');
  });

  it('returns the settled diff against an earlier snapshot with since', async () => {
    const { bridge, session } = setup();
    const first = okData(await session.execute('outline', {}));
    bridge.tab = 'settings';
    const second = okData(await session.execute('outline', { since: first.snapshot }));
    assert.equal(second.diff, 'screen: Home → Settings\n', 'a new screen: one line, the outline beside it says the rest');
    bridge.wifi = true;
    const third = okData(await session.execute('outline', { since: second.snapshot }));
    assert.match(String(third.diff), new RegExp(`^Diff ${String(second.snapshot)} -> ${String(third.snapshot)}: \\+0 -0 ~1 `));
    assert.match(String(third.diff), /\n\+ @\d+ (#\d+ )?Switch "Wi-Fi" .*checked\n/);
    assert.equal(errorOf(await session.execute('outline', { since: 'ffffff' })).code, 'NOT_FOUND');
  });

  it('taps a hidden toolbar button found by hit-testing through its @N', async () => {
    const { bridge, session } = setup();
    const ref = refOf(await outlineJson(session), 'Share');
    okData(await session.execute('tap', { target: ref }));
    assert.deepEqual(bridge.log, ['tap:Share', 'hidden:Share']);
  });

  it('asks the device again before tapping a hit-tested element, and answers STALE_REF when it moved', async () => {
    const { bridge, session } = setup();
    const ref = refOf(await outlineJson(session), 'Share');
    bridge.toolbarShift = 40;
    assert.equal(errorOf(await session.execute('tap', { target: ref })).code, 'STALE_REF');
    assert.deepEqual(bridge.log, []);
    const moved = refOf(await outlineJson(session), 'Share');
    okData(await session.execute('tap', { target: moved }));
    assert.deepEqual(bridge.log, ['tap:Share', 'hidden:Share']);
  });

  it('refuses bad input with an error envelope and sends nothing', async () => {
    const { bridge, session } = setup();
    await session.execute('outline', {});
    const cases: Array<[string, unknown, string]> = [
      ['warp', {}, 'INVALID_ARGS'],
      ['tap', {}, 'INVALID_ARGS'],
      ['tap', { target: 'text="No such thing"' }, 'NOT_FOUND'],
      ['tap', { target: 'role=Button' }, 'AMBIGUOUS_TARGET'],
      ['tap', { target: { x: 500, y: 10 } }, 'INVALID_ARGS'],
      ['tap', { target: { x: 10, y: -1 } }, 'INVALID_ARGS'],
      ['key', { key: 'Hyper' }, 'INVALID_ARGS'],
      ['perform', { fingers: [] }, 'INVALID_ARGS'],
      ['perform', { fingers: [{ id: 0, points: [{ x: 10, y: 900, t: 0 }] }] }, 'INVALID_ARGS'],
      ['swipe', { from: { x: 100, y: 400 }, dx: 400 }, 'INVALID_ARGS'],
      ['button', { button: 'home' }, 'UNSUPPORTED'],
      ['web.open', { url: 'https://example.com/' }, 'UNSUPPORTED'],
      ['screenshot', { crop: { x: 300, y: 0, w: 200, h: 10 } }, 'INVALID_ARGS'],
    ];
    for (const [command, args, code] of cases) {
      const err = errorOf(await session.execute(command, args));
      assert.equal(err.code, code, `${command} ${JSON.stringify(args)}: ${err.message}`);
      assert.equal(err.disposition.delivery, 'not_delivered', command);
      assert.equal(err.disposition.retry, 'safe', command);
    }
    assert.ok(session.commands.includes('tap') && !session.commands.includes('web.open'), 'only the verbs this device offers are listed');
    const invalid = errorOf(await session.execute('tap', { target: 7 }));
    assert.ok(Array.isArray(invalid.details?.issues), 'zod issues are in the details');
    assert.deepEqual(bridge.log, []);
    assert.equal(bridge.performed.length, 0);
  });

  it('says why a platform verb is unsupported', async () => {
    const bridge = new MemoryBridge();
    Object.assign(bridge.info, { platform: 'android' });
    const err = errorOf(await new DeviceSession(bridge).execute('web.open', { url: 'https://example.com/' }));
    assert.equal(err.code, 'UNSUPPORTED');
    assert.match(err.hint ?? '', /web-only verb and this device is android/);
    assert.equal(errorOf(await new DeviceSession(bridge).execute('button', { button: 'home' })).hint, 'no home button in memory');
  });

  it('scrolls by 300 points within 2 points in at most two drags, then in one drag once the slop is known', async () => {
    const { bridge, session } = setup();
    const first = okData(await session.execute('scroll-by', { dy: 300 }));
    assert.ok(Math.abs(bridge.scrollY - 300) <= 2, `scrolled to ${bridge.scrollY}`);
    assert.ok(Number(first.drags) <= 2, `${String(first.drags)} drags`);
    assert.equal(first.delivery, 'delivered_verified');
    assert.equal(first.container, 'feed');
    const second = okData(await session.execute('scroll-by', { dy: -200 }));
    assert.ok(Math.abs(bridge.scrollY - 100) <= 2, `scrolled to ${bridge.scrollY}`);
    assert.equal(second.drags, 1);
  });

  it('verifies typed text, and reports a field that does not hold it as POST_ACTION_VERIFICATION', async () => {
    const { bridge, session } = setup();
    bridge.tab = 'settings';
    const typed = okData(await session.execute('type', { target: 'role=TextField[label="Name"]', text: 'Ada' }));
    assert.equal(typed.delivery, 'delivered_verified');
    assert.equal(typed.value, 'Ada');
    okData(await session.execute('type', { target: 'role=TextField[label="Name"]', text: 'Bob', clear: true }));
    assert.equal(bridge.name, 'Bob');
    const err = errorOf(await session.execute('type', { target: 'role=TextField[label="Lossy"]', text: 'hello' }));
    assert.equal(err.code, 'POST_ACTION_VERIFICATION');
    assert.deepEqual(err.disposition, { delivery: 'delivered_unverified', retry: 'unsafe' });
    assert.equal(err.details?.actual, 'hell');
    assert.equal(bridge.log.filter((l) => l === 'type:hello').length, 1, 'not retried');
  });

  it('presses keys by their name or a usual alias', async () => {
    const { bridge, session } = setup();
    bridge.tab = 'settings';
    okData(await session.execute('type', { target: 'role=TextField[label="Name"]', text: 'Ada' }));
    const data = okData(await session.execute('key', { key: 'delete' }));
    assert.equal(bridge.name, 'Ad');
    assert.match(String(data.diff), /- TextField "Name" value="Ada"/);
    assert.match(String(data.diff), /\+ @\d+ (#\d+ )?TextField "Name" value="Ad" /);
  });

  it('batch: runs the steps in order and answers one settled diff from the first screen to the last', async () => {
    const { bridge, session } = setup();
    await session.execute('outline', {});
    const data = okData(
      await session.execute('batch', {
        steps: [
          { command: 'tap', args: { target: 'text="Settings"' } },
          { command: 'toggle', args: { target: 'text="Wi-Fi"', on: true } },
        ],
      }),
    );
    assert.deepEqual(bridge.log, ['tap:Settings', 'tap:Wi-Fi']);
    assert.equal(bridge.wifi, true);
    assert.deepEqual((data.steps as Array<{ command: string }>).map((s) => s.command), ['tap', 'toggle']);
    assert.match(String(data.diff), /^screen: Home → Settings\n/, 'one diff, from Home to the screen after the last step');
    assert.match(String(data.diff), /Switch "Wi-Fi" .*checked/);
  });

  it('batch: stops at the first failure, names the step, and says the earlier steps were delivered', async () => {
    const { bridge, session } = setup();
    await session.execute('outline', {});
    const err = errorOf(
      await session.execute('batch', {
        steps: [
          { command: 'tap', args: { target: 'text="Settings"' } },
          { command: 'tap', args: { target: 'text="No such thing"' } },
          { command: 'tap', args: { target: 'text="Home"' } },
        ],
      }),
    );
    assert.deepEqual(bridge.log, ['tap:Settings'], 'the third step never ran');
    assert.equal(err.code, 'NOT_FOUND');
    assert.match(err.message, /^step 2 \(tap\) failed: /);
    assert.equal(err.disposition.delivery, 'delivered_unverified');
    assert.equal(err.disposition.retry, 'unsafe');
    assert.equal(err.details?.step, 2);
    assert.match(String(err.details?.diff), /^screen: Home → Settings\n/, 'what the steps before it changed');
  });

  it('batch: a bad step, an observation in it, or too many steps are refused before anything is sent', async () => {
    const { bridge, session } = setup();
    const bad = errorOf(await session.execute('batch', { steps: [{ command: 'tap', args: { target: { x: 10, y: 10 } } }, { command: 'pinch', args: { scale: -1 } }] }));
    assert.equal(bad.code, 'INVALID_ARGS');
    assert.match(bad.message, /^step 2 \(pinch\): /);
    assert.equal(bad.disposition.delivery, 'not_delivered');
    const observe = errorOf(await session.execute('batch', { steps: [{ command: 'outline' }] }));
    assert.match(observe.message, /outline cannot be in a batch/);
    const many = errorOf(await session.execute('batch', { steps: Array.from({ length: 21 }, () => ({ command: 'tap', args: { target: { x: 10, y: 10 } } })) }));
    assert.equal(many.code, 'INVALID_ARGS');
    assert.deepEqual(bridge.log, []);
  });

  it('toggles a switch and checks that it flipped; a switch already in the wanted state is left alone', async () => {
    const { bridge, session } = setup();
    bridge.tab = 'settings';
    const on = okData(await session.execute('toggle', { target: 'text="Wi-Fi"' }));
    assert.equal(on.checked, true);
    assert.equal(bridge.wifi, true);
    const again = okData(await session.execute('toggle', { target: 'text="Wi-Fi"', on: true }));
    assert.equal(again.changed, false);
    assert.equal(bridge.log.filter((l) => l === 'tap:Wi-Fi').length, 1);
    bridge.stuckSwitch = true;
    const err = errorOf(await session.execute('toggle', { target: 'text="Wi-Fi"' }));
    assert.equal(err.code, 'POST_ACTION_VERIFICATION');
    assert.equal(err.disposition.retry, 'unsafe');
    assert.equal(errorOf(await session.execute('toggle', { target: 'text="Name"' })).code, 'INVALID_ARGS');
  });

  it('releases held fingers and reports an uncertain delivery when a gesture fails midway', async () => {
    const { bridge, session } = setup();
    bridge.failNextPerform = true;
    const err = errorOf(await session.execute('long-press', { target: { x: 100, y: 300 } }));
    assert.equal(err.code, 'INTERNAL');
    assert.deepEqual(err.disposition, { delivery: 'delivery_uncertain', retry: 'unsafe' });
    assert.equal(bridge.releases, 1);
  });

  it("sends input at a point at once when the screen was looked at moments ago, that look being the diff's before; else it reads first", async () => {
    const bridge = new MemoryBridge();
    const session = new DeviceSession(bridge, { freshLookMs: 60_000 });
    const describe = bridge.describe.bind(bridge);
    bridge.describe = () => {
      bridge.log.push('describe');
      return describe();
    };
    const steps = () => bridge.log.splice(0).filter((l) => l === 'describe' || l.startsWith('tap:') || l.startsWith('key:'));

    const first = okData(await session.execute('tap', { target: { x: 40, y: 140 } }));
    assert.deepEqual(steps().slice(0, 2), ['describe', 'tap:Post 1'], 'no look yet: the screen is read before the tap');
    assert.equal(first.before_age_ms, undefined);

    const look = okData(await session.execute('outline', {}, { leaseId: 'watcher' }));
    steps();
    const tap = okData(await session.execute('tap', { target: { x: 40, y: 140 } }, { leaseId: 'holder' }));
    assert.equal(steps()[0], 'tap:Post 1', "right after another lease's look, the tap goes out before any read");
    assert.equal(tap.before, look.snapshot, 'the diff starts from that look');
    assert.ok(typeof tap.before_age_ms === 'number' && tap.before_age_ms >= 0, 'and says how old it was');
    assert.equal((tap.target as { element?: string }).element, 'Button "Post 1"', 'what was hit is named from the look');
    okData(await session.execute('key', { key: 'Enter' }));
    assert.equal(steps()[0], 'key:Enter', "the tap's own after-look serves the next input");
    okData(await session.execute('outline', {}, { leaseId: 'watcher' }));
    steps();
    okData(await session.execute('tap', { target: '@1' }, { leaseId: 'watcher' }));
    assert.equal(steps()[0], 'describe', 'a selector is still checked on a fresh read');

    bridge.failNextPerform = true;
    errorOf(await session.execute('tap', { target: { x: 40, y: 140 } }));
    steps();
    okData(await session.execute('tap', { target: { x: 40, y: 140 } }));
    assert.equal(steps()[0], 'describe', 'after a failed input the last look no longer counts');

    const stale = new DeviceSession(new MemoryBridge(), { freshLookMs: 0 });
    await stale.execute('outline', {});
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(okData(await stale.execute('tap', { target: { x: 40, y: 140 } })).before_age_ms, undefined, 'an old look is read again');
  });

  it('keeps two-finger gestures on the screen', async () => {
    const { bridge, session } = setup();
    okData(await session.execute('pinch', { scale: 2, target: { x: 40, y: 400 } }));
    okData(await session.execute('rotate', { degrees: 90 }));
    okData(await session.execute('two-finger-tap', {}));
    for (const timeline of bridge.performed) {
      for (const f of timeline.fingers) for (const p of f.points) assert.ok(p.x >= 0 && p.x < 390 && p.y >= 0 && p.y < 844);
    }
    const [pinch] = bridge.performed;
    const ends = pinch?.fingers.map((f) => f.points[f.points.length - 1]);
    const starts = pinch?.fingers.map((f) => f.points[0]);
    const spread = (ps: typeof ends) => Math.abs((ps?.[0]?.x ?? 0) - (ps?.[1]?.x ?? 0));
    assert.ok(Math.abs(spread(ends) / spread(starts) - 2) < 1e-9);
  });

  it('returns a screenshot as base64 with its geometry', async () => {
    const { session } = setup();
    const shot = okData(await session.execute('screenshot', { crop: { x: 10, y: 20, w: 100, h: 50 }, scale: 2 }));
    assert.deepEqual([shot.width, shot.height, shot.origin, shot.format], [200, 100, { x: 10, y: 20 }, 'jpeg']);
    assert.equal(Buffer.from(String(shot.base64), 'base64').subarray(0, 2).toString('hex'), 'ffd8');
  });

  it('runs one command at a time', async () => {
    const { bridge, session } = setup();
    let active = 0;
    let most = 0;
    const slow = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 3));
        try {
          return await fn(...a);
        } finally {
          active--;
        }
      };
    bridge.describe = slow(bridge.describe.bind(bridge));
    bridge.perform = slow(bridge.perform.bind(bridge));
    await Promise.all([
      session.execute('outline', {}),
      session.execute('tap', { target: { x: 50, y: 200 } }),
      session.execute('tap', { target: { x: 50, y: 300 } }),
      session.execute('outline', {}),
    ]);
    assert.equal(most, 1);
    assert.deepEqual(bridge.log, ['tap:Post 2', 'open:Post 2', 'tap:Post 4', 'open:Post 4']);
  });

  it('gives up a hung command with TIMEOUT and frees the device for the next one', async () => {
    const bridge = new MemoryBridge();
    const session = new DeviceSession(bridge, { commandTimeoutMs: 100 });
    const describeScreen = bridge.describe.bind(bridge);
    let release: () => void = () => undefined;
    bridge.describe = () => new Promise((resolve) => (release = () => resolve(describeScreen())));
    const hung = errorOf(await session.execute('tap', { target: { x: 50, y: 200 } }));
    assert.equal(hung.code, 'TIMEOUT');
    assert.equal(hung.disposition.delivery, 'not_delivered');
    assert.ok(hung.retry_after_ms !== undefined);
    bridge.describe = describeScreen;
    release();
    okData(await session.execute('outline', {}));
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(bridge.log, [], 'the given-up tap never reaches the app');

    const performTouches = bridge.perform.bind(bridge);
    bridge.perform = () => new Promise(() => undefined);
    const stuck = errorOf(await session.execute('tap', { target: { x: 50, y: 200 } }));
    assert.equal(stuck.code, 'TIMEOUT');
    assert.deepEqual(stuck.disposition, { delivery: 'delivery_uncertain', retry: 'unsafe' });
    assert.ok(bridge.releases >= 1, 'held fingers released');
    bridge.perform = performTouches;
    const slow = new DeviceSession(bridge);
    bridge.perform = () => new Promise(() => undefined);
    assert.equal(errorOf(await slow.execute('tap', { target: { x: 50, y: 200 } }, { deadlineMs: 100 })).code, 'TIMEOUT', "the caller's deadline counts");
    bridge.perform = performTouches;
  });

  it('closes the device and refuses commands afterwards', async () => {
    const { bridge, session } = setup();
    await session.close();
    assert.equal(bridge.closed, true);
    assert.equal(errorOf(await session.execute('outline', {})).code, 'DEVICE_UNAVAILABLE');
  });

  it('gives an action its evidence: both outlines as text and a small JPEG thumbnail of the screen after', async () => {
    const { session } = setup();
    const { envelope, evidence } = await session.executeWithEvidence('tap', { target: 'text="Settings"' });
    const data = okData(envelope);
    assert.match(evidence.outlineBefore ?? '', new RegExp(`snapshot ${String(data.before)}`));
    assert.match(evidence.outlineBefore ?? '', /Heading "Home"/);
    assert.match(evidence.outlineAfter ?? '', new RegExp(`snapshot ${String(data.after)}`));
    assert.match(evidence.outlineAfter ?? '', /Switch "Wi-Fi"/);
    const meta = await sharp(evidence.thumbnail).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, 140);
  });

  it('gives an observation no evidence', async () => {
    const { session } = setup();
    const { envelope, evidence } = await session.executeWithEvidence('outline', {});
    assert.equal(envelope.ok, true);
    assert.deepEqual(evidence, {});
  });

  it('leaves the thumbnail out, and nothing else, when the device has no screenshots or the screenshot fails', async () => {
    const without = new MemoryBridge();
    without.capabilities.screenshot = false;
    const plain = await new DeviceSession(without).executeWithEvidence('tap', { target: 'text="Settings"' });
    assert.equal(plain.envelope.ok, true);
    assert.equal(plain.evidence.thumbnail, undefined);
    assert.match(plain.evidence.outlineAfter ?? '', /Switch "Wi-Fi"/);

    const failing = new MemoryBridge();
    failing.screenshot = () => Promise.reject(new Error('capture broke'));
    const broken = await new DeviceSession(failing).executeWithEvidence('tap', { target: 'text="Settings"' });
    assert.deepEqual(broken.envelope, await new DeviceSession(new MemoryBridge()).execute('tap', { target: 'text="Settings"' }));
    assert.equal(broken.evidence.thumbnail, undefined);
    assert.match(broken.evidence.outlineBefore ?? '', /Heading "Home"/);
  });
});
