// The simulated device's commands, in-process: screen graph, dumps, input, touchscreen.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createVirtualAndroid } from '../virtual-device.js';
import { GMAIL_GRAPH } from '../screen-graphs.js';
import { parseUiXml, walk } from '../ui-tree.js';
import type { UiNode } from '../ui-tree.js';
import type { VirtualAndroid } from './device.js';
import { withoutFixtures } from '../../../../../test/support/fixtures.js';

async function sh(device: VirtualAndroid, line: string): Promise<string> {
  const r = await device.exec(line);
  assert.equal(r.code, 0, `${line}: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

async function dump(device: VirtualAndroid) {
  await sh(device, 'uiautomator dump');
  return parseUiXml(device.fs.readFile('/sdcard/window_dump.xml').toString('utf8'));
}

function find(nodes: UiNode[], pred: (n: UiNode) => boolean): UiNode {
  for (const { node } of walk(nodes)) if (pred(node)) return node;
  throw new Error('node not found');
}

const center = (n: UiNode) => [Math.round((n.bounds.left + n.bounds.right) / 2), Math.round((n.bounds.top + n.bounds.bottom) / 2)];

describe('screen graph', { skip: withoutFixtures() }, () => {
  it('dumps the captured screen in the plain uiautomator form, without Appium-only attributes', async () => {
    const device = createVirtualAndroid();
    assert.equal(await sh(device, 'uiautomator dump /sdcard/d.xml'), 'UI hierchary dumped to: /sdcard/d.xml\n');
    const xml = device.fs.readFile('/sdcard/d.xml').toString();
    assert.ok(!xml.includes('displayed='));
    assert.ok(!xml.includes('<android.'));
    assert.match(xml, /<node index="0" text="Network &amp; internet" resource-id="android:id\/title" class="android\.widget\.TextView" package="com\.android\.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="\[\d+,\d+\]\[\d+,\d+\]" \/>/);
    assert.equal(await sh(device, 'uiautomator dump /dev/tty'), `${xml}UI hierchary dumped to: /dev/tty\n`);
  });

  it('moves to Network & internet on a tap there, and back on KEYCODE_BACK', async () => {
    const device = createVirtualAndroid();
    const tree = await dump(device);
    const [x, y] = center(find(tree.root, (n) => n.text === 'Network & internet'));
    await sh(device, `input tap ${x} ${y}`);
    assert.equal(device.graph.screenId, 'network');
    assert.match(await sh(device, 'dumpsys window'), /mCurrentFocus=Window\{\w+ u0 com\.android\.settings\/com\.android\.settings\.Settings\$NetworkDashboardActivity\}/);
    assert.ok(find((await dump(device)).root, (n) => n.text === 'Airplane mode'));
    await sh(device, 'input keyevent KEYCODE_BACK');
    assert.equal(device.graph.screenId, 'settings');
    await sh(device, `input tap 5 5`);
    assert.equal(device.graph.screenId, 'settings');
    assert.deepEqual(device.inputEvents.map((e) => e.kind), ['tap', 'key', 'tap']);
  });

  it('selects Clock tabs and starts apps by package', async () => {
    const device = createVirtualAndroid();
    assert.match(await sh(device, 'am start -n com.google.android.deskclock/com.android.deskclock.DeskClock'), /^Starting: Intent/);
    assert.match(await sh(device, 'dumpsys window'), /mFocusedApp=ActivityRecord\{\w+ u0 com\.google\.android\.deskclock\/com\.android\.deskclock\.DeskClock t\d+\}/);
    const tab = find((await dump(device)).root, (n) => n.contentDesc === 'Clock');
    assert.equal(tab.selected, false);
    const [x, y] = center(tab);
    await sh(device, `input tap ${x} ${y}`);
    const after = await dump(device);
    assert.equal(find(after.root, (n) => n.contentDesc === 'Clock').selected, true);
    assert.equal(find(after.root, (n) => n.contentDesc === 'Alarm' && n.resourceId.endsWith('tab_menu_alarm')).selected, false);
    assert.equal((await device.exec('am start -n com.nope/.Main')).code, 1);
    assert.match(await sh(device, 'pm list packages'), /^package:com\.google\.android\.deskclock$/m);
  });

  it('types into the focused EditText and deletes with KEYCODE_DEL', async () => {
    const device = createVirtualAndroid({ graph: GMAIL_GRAPH });
    assert.equal(await sh(device, 'wm size'), 'Physical size: 1440x3120\n');
    await sh(device, "input text ' and%sme'");
    await sh(device, 'input keyevent 67');
    const field = find((await dump(device)).root, (n) => n.focused);
    assert.equal(field.text, 'emails from xai and m');
    assert.deepEqual(device.typedText, [' and me']);
  });

  it('fails dumps on demand with the real messages, then recovers', async () => {
    const device = createVirtualAndroid();
    device.dumpFailures.push('idle', 'null-root');
    const first = await device.exec('uiautomator dump');
    assert.equal(first.stderr.toString(), 'ERROR: could not get idle state.\n');
    assert.equal((await device.exec('uiautomator dump')).stderr.toString(), 'ERROR: null root node returned by UiTestAutomationBridge.\n');
    assert.equal(await sh(device, 'uiautomator dump'), 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
  });

  it('animates: frames move, dumps wait for idle and fail past the idle limit', async () => {
    const device = createVirtualAndroid({ idleTimeoutMs: 50 });
    const still = await device.screenPng();
    device.animate(5000);
    const a = await device.screenPng();
    await new Promise((r) => setTimeout(r, 60));
    const b = await device.screenPng();
    assert.ok(!a.equals(b), 'frames change while animating');
    assert.ok(!a.equals(still));
    assert.equal((await device.exec('uiautomator dump')).stderr.toString(), 'ERROR: could not get idle state.\n');

    const patient = createVirtualAndroid({ transitionAnimationMs: 150 });
    const tree = await dump(patient);
    const [x, y] = center(find(tree.root, (n) => n.text === 'Network & internet'));
    await sh(patient, `input tap ${x} ${y}`);
    assert.ok(patient.animationRemaining() > 0, 'a screen change animates');
    assert.equal(await sh(patient, 'uiautomator dump'), 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    assert.equal(patient.animationRemaining(), 0);
  });

  it('lists the app\'s frames in dumpsys gfxinfo framestats: a change, a touch, and every vsync of an animation', async () => {
    const device = createVirtualAndroid({ transitionAnimationMs: 100 });
    // A frame is listed once it completed, a few ms after its vsync.
    await new Promise((r) => setTimeout(r, 20));
    const rows = (text: string) => text.split('\n').filter((l) => /^\d+,/.test(l));
    const uptime = (text: string) => Number(/^Uptime: (\d+)/m.exec(text)?.[1]);
    const before = await sh(device, 'dumpsys gfxinfo com.android.settings framestats');
    assert.match(before, /^Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,/m, 'Android 12+ columns on SDK 33');
    assert.equal(rows(before).length, 1, 'the first screen, drawn at start');
    const tree = await dump(device);
    const [x, y] = center(find(tree.root, (n) => n.text === 'Network & internet'));
    await sh(device, `input tap ${x} ${y}`);
    await new Promise((r) => setTimeout(r, 120));
    const after = await sh(device, 'dumpsys gfxinfo com.android.settings framestats');
    // The touch, the new screen, and a frame per vsync of its 100 ms transition.
    assert.ok(rows(after).length >= 1 + 2 + 6, `${rows(after).length} frames`);
    const completed = rows(after).map((r) => Number(r.split(',')[16]) / 1e6);
    assert.ok(Math.max(...completed) <= uptime(after), 'frames on the uptime clock, none in the future');
    assert.doesNotMatch(await sh(device, 'dumpsys gfxinfo com.android.settings'), /PROFILEDATA/, 'only framestats lists frames');
    assert.match(await sh(device, 'dumpsys gfxinfo com.example.absent framestats'), /^No process found for: com\.example\.absent$/m);
    const android10 = createVirtualAndroid({ sdk: 29, release: '10' });
    assert.match(await sh(android10, 'dumpsys gfxinfo com.android.settings framestats'), /^Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,/m);
    assert.equal(rows(await sh(createVirtualAndroid({ hwuiFrames: false }), 'dumpsys gfxinfo com.android.settings framestats')).length, 0);
  });

  it('reports size, density and properties consistently', async () => {
    const device = createVirtualAndroid({ density: 420 });
    assert.equal(await sh(device, 'wm size'), 'Physical size: 1080x2088\n');
    assert.equal(await sh(device, 'wm density'), 'Physical density: 420\n');
    assert.equal(await sh(device, 'getprop ro.sf.lcd_density'), '420\n');
  });
});

describe('touchscreen', { skip: withoutFixtures() }, () => {
  it('describes a multi-touch device with 0..32767 axes and INPUT_PROP_DIRECT', async () => {
    const out = await sh(createVirtualAndroid(), 'getevent -pl');
    assert.match(out, /add device 1: \/dev\/input\/event1\n {2}name: {5}"virtio_input_multi_touch_1"/);
    assert.match(out, /ABS_MT_POSITION_X\s+: value 0, min 0, max 32767, fuzz 0, flat 0, resolution 0/);
    assert.match(out, /ABS_MT_TRACKING_ID\s+: value 0, min 0, max 10/);
    assert.match(out, /ABS_MT_SLOT\s+: value 0, min 0, max 9/);
    assert.match(out, /input props:\n {4}INPUT_PROP_DIRECT/);
  });

  it('rebuilds two-finger MT-B sequences into finger paths in screen pixels', async () => {
    const device = createVirtualAndroid();
    const ev = (t: number, c: number, v: number) => `sendevent /dev/input/event1 ${t} ${c} ${v}`;
    const raw = (px: number, size: number) => Math.round((px * 32768) / size);
    const frame = (points: [number, number][]) =>
      points.flatMap(([x, y], slot) => [ev(3, 47, slot), ev(3, 53, raw(x, 1080)), ev(3, 54, raw(y, 2088))]).concat(ev(0, 0, 0));
    const lines = [
      ev(3, 47, 0), ev(3, 57, 11), ev(3, 47, 1), ev(3, 57, 12),
      ...frame([[400, 1000], [680, 1000]]),
      'sleep 0.02',
      ...frame([[350, 1000], [730, 1000]]),
      'sleep 0.02',
      ...frame([[300, 1000], [780, 1000]]),
      ev(3, 47, 0), ev(3, 57, -1), ev(3, 47, 1), ev(3, 57, 0xffffffff), ev(0, 0, 0),
    ];
    await sh(device, lines.join('; '));
    assert.equal(device.gestures.length, 1);
    const g = device.gestures[0];
    assert.ok(g);
    assert.equal(g.source, 'sendevent');
    assert.deepEqual(g.fingers.map((f) => f.id), [11, 12]);
    const xs = g.fingers.map((f) => f.points.map((p) => Math.round(p.x)));
    assert.deepEqual(xs, [[400, 350, 300], [680, 730, 780]]);
    for (const f of g.fingers) {
      assert.ok(f.points.every((p) => Math.round(p.y) === 1000));
      assert.ok((f.points[2]?.t ?? 0) >= 40, 'sleeps are in the timestamps');
    }
    assert.equal(device.graph.screenId, 'settings');
  });

  it('treats a one-finger MT-B touch without movement as a tap', async () => {
    const device = createVirtualAndroid();
    const tree = await dump(device);
    const [x, y] = center(find(tree.root, (n) => n.text === 'Network & internet')) as [number, number];
    const rx = Math.round((x * 32768) / 1080);
    const ry = Math.round((y * 32768) / 2088);
    await sh(device, `sendevent /dev/input/event1 3 57 5; sendevent /dev/input/event1 3 53 ${rx}; sendevent /dev/input/event1 3 54 ${ry}; sendevent /dev/input/event1 0 0 0; sendevent /dev/input/event1 3 57 -1; sendevent /dev/input/event1 0 0 0`);
    assert.equal(device.graph.screenId, 'network');
  });

  it('refuses sendevent like a real phone when not emulator-like', async () => {
    const device = createVirtualAndroid({ sendeventAllowed: false });
    const r = await device.exec('sendevent /dev/input/event1 3 57 1');
    assert.equal(r.code, 1);
    assert.equal(r.stderr.toString(), 'sendevent: /dev/input/event1: Permission denied\n');
    assert.equal(device.gestures.length, 0);
  });

  it('rebuilds input motionevent sequences with their timing', async () => {
    const device = createVirtualAndroid();
    await sh(device, 'input motionevent DOWN 100 500; sleep 0.05; input motionevent MOVE 100 700; sleep 0.05; input motionevent UP 100 900');
    const g = device.gestures[0];
    assert.ok(g);
    assert.equal(g.source, 'motionevent');
    assert.deepEqual(g.fingers[0]?.points.map((p) => p.y), [500, 700, 900]);
    // Two 50 ms sleeps between the events; timers may fire a millisecond or two early against the clock.
    const lastT = g.fingers[0]?.points[2]?.t ?? 0;
    assert.ok(lastT >= 95, `UP at ${lastT} ms`);
  });
});
