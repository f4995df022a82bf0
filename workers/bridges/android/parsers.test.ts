// What the bridge reads from device output, on text shaped like real devices' (not the virtual one's).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDumpsysWindow } from './app-state.js';
import { parseWmDensity, parseWmSize } from './device-facts.js';
import { motionSteps } from './input/motion-events.js';
import { ABS_MT_SLOT, ABS_MT_TRACKING_ID, EV_SYN, mtBatches, parseGeteventPl } from './input/touchscreen.js';

const PIXEL_GETEVENT = `add device 1: /dev/input/event3
  name:     "uinput-fpc"
  events:
    KEY (0001): KEY_WAKEUP
  input props:
    <none>
add device 2: /dev/input/event2
  name:     "fts_ts"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 1440, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 1439, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 3119, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                ABS_MT_PRESSURE       : value 0, min 0, max 127, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
`;

describe('device output parsers', () => {
  it('finds the multi-touch screen and its axis ranges in getevent -pl', () => {
    assert.deepEqual(parseGeteventPl(PIXEL_GETEVENT), {
      path: '/dev/input/event2',
      name: 'fts_ts',
      x: { min: 0, max: 1439 },
      y: { min: 0, max: 3119 },
      slots: 10,
      trackingMax: 65535,
      pressure: { min: 0, max: 127 },
      btnTouch: true,
    });
    assert.equal(parseGeteventPl('add device 1: /dev/input/event0\n  name:     "gpio-keys"\n'), undefined);
  });

  it('reads the focused app and activity from dumpsys window across Android versions', () => {
    assert.deepEqual(parseDumpsysWindow('  mCurrentFocus=Window{a1b2c3 u0 com.android.settings/com.android.settings.Settings}\n  mFocusedApp=ActivityRecord{d4e5f6 u0 com.android.settings/.Settings t123}\n'), {
      app: 'com.android.settings',
      activity: 'com.android.settings.Settings',
    });
    assert.deepEqual(parseDumpsysWindow('  mFocusedApp=AppWindowToken{9f token=Token{3c ActivityRecord{77 u0 com.example/.ui.Main t5}}}\n'), { app: 'com.example', activity: 'com.example.ui.Main' });
    assert.deepEqual(parseDumpsysWindow('  mCurrentFocus=Window{5 u0 NotificationShade}\n  mFocusedApp=null\n'), { title: 'NotificationShade' });
    assert.deepEqual(parseDumpsysWindow(''), {});
  });

  it('prefers an override of wm size and density', () => {
    assert.deepEqual(parseWmSize('Physical size: 1440x3120\nOverride size: 1080x2340\n'), { w: 1080, h: 2340 });
    assert.equal(parseWmDensity('Physical density: 560\n'), 560);
    assert.equal(parseWmDensity('Physical density: 560\nOverride density: 420\n'), 420);
  });

  it('single-finger timelines become motionevents; overlapping fingers do not', () => {
    const steps = motionSteps({ fingers: [{ id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 10, y: 20, t: 16 }, { x: 10, y: 30, t: 32 }] }, { id: 0, points: [{ x: 5, y: 5, t: 100 }] }] }, 2);
    assert.deepEqual(steps?.map((s) => `${s.action}@${s.t}:${s.x},${s.y}`), ['DOWN@0:20,20', 'MOVE@16:20,40', 'UP@32:20,60', 'DOWN@100:10,10', 'UP@100:10,10']);
    assert.equal(motionSteps({ fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }, { x: 1, y: 1, t: 50 }] }, { id: 1, points: [{ x: 2, y: 2, t: 10 }] }] }, 1), null);
  });

  it('MT-B batches report the lift-off point before lifting, with one slot and tracking id per finger', () => {
    const ts = parseGeteventPl(PIXEL_GETEVENT);
    assert.ok(ts);
    let id = 0;
    const batches = mtBatches({ fingers: [{ id: 0, points: [{ x: 10, y: 10, t: 0 }, { x: 20, y: 10, t: 16 }] }, { id: 1, points: [{ x: 100, y: 10, t: 0 }, { x: 90, y: 10, t: 16 }] }] }, 3.5, { w: 1440, h: 3120 }, ts, () => ++id);
    assert.deepEqual(batches.map((b) => b.t), [0, 16]);
    const first = batches[0]?.events ?? [];
    assert.deepEqual(first.filter((e) => e[1] === ABS_MT_TRACKING_ID).map((e) => e[2]), [1, 2]);
    assert.deepEqual(first.filter((e) => e[1] === ABS_MT_SLOT).map((e) => e[2]), [0, 1]);
    const last = batches[1]?.events ?? [];
    const syn = last.findIndex((e) => e[0] === EV_SYN);
    const lift = last.findIndex((e) => e[1] === ABS_MT_TRACKING_ID && e[2] === -1);
    assert.ok(syn >= 0 && lift > syn, 'positions are reported before the lift');
    assert.equal(last.filter((e) => e[1] === ABS_MT_TRACKING_ID && e[2] === -1).length, 2);
    // x = 20 pt * 3.5 = 70 px of 1440 on an axis of 0..1439: 70.
    assert.ok(last.some((e) => e[1] === 0x35 && e[2] === 70));
  });
});
