// What the bridge reads from device output, on text shaped like real devices' (not the virtual one's).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDumpsysWindow } from './app-state.js';
import { FRAME_IDLE_MS, framesAtRest, packageOfDump, parseFrameStats } from './frame-stats.js';
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

/** `dumpsys gfxinfo <pkg> framestats` of an Android 13 phone, shortened: two windows, the second with a skipped frame. */
const GFXINFO_13 = `Applications Graphics Acceleration Info:
Uptime: 2466011 Realtime: 5312790

** Graphics info for pid 12345 [com.example.notes] **

Stats since: 2401102938475ns
Total frames rendered: 152
Janky frames: 12 (7.89%)
50th percentile: 8ms
90th percentile: 14ms
95th percentile: 19ms
99th percentile: 34ms
Number Missed Vsync: 2
Number High input latency: 0
Number Slow UI thread: 5
Number Slow bitmap uploads: 0
Number Slow issue draw commands: 3
Number Frame deadline missed: 6
HISTOGRAM: 5ms=40 6ms=20 7ms=18 8ms=15

Profile data in ms:

\tcom.example.notes/com.example.notes.MainActivity/android.view.ViewRootImpl@5c2b3a1 (visibility=0)
---PROFILEDATA---
Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted,
0,880211,2465101000000,2465101000000,0,2465101400000,2465101500000,2465101700000,2465102900000,2465134333334,16666667,2465101000000,2465103800000,2465103900000,2465104300000,2465106100000,2465107900000,95000,210000,2465107300000,2465106800000,0,2465106200000,
0,880212,2465117666667,2465117666667,0,2465117900000,2465118000000,2465118300000,2465119100000,2465151000001,16666667,2465117666667,2465120000000,2465120100000,2465120500000,2465122000000,2465123600000,90000,190000,2465123000000,2465122600000,0,2465122100000,
---PROFILEDATA---

\tcom.example.notes/android.widget.PopupWindow$PopupDecorView@1f9e2c4 (visibility=8)
---PROFILEDATA---
Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted,
8,880230,2465400000000,2465400000000,0,0,0,0,0,2465433333334,16666667,2465400000000,0,0,0,0,0,0,0,0,0,0,0,
---PROFILEDATA---

View hierarchy:

  com.example.notes/com.example.notes.MainActivity/android.view.ViewRootImpl@5c2b3a1
  57 views, 88.41 kB of render nodes

Total ViewRootImpl   : 2
Total attached Views : 61
`;

/** The same of an Android 10 phone: the original columns (no FrameTimelineVsyncId, input event times). */
const GFXINFO_10 = `Applications Graphics Acceleration Info:
Uptime: 981233 Realtime: 981233

** Graphics info for pid 4410 [com.example.notes] **

Stats since: 940000000000ns
Total frames rendered: 31

Profile data in ms:

\tcom.example.notes/com.example.notes.MainActivity/android.view.ViewRootImpl@a1b2c3 (visibility=0)
---PROFILEDATA---
Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,
0,981100000000,981100000000,9223372036854775807,0,981100300000,981100400000,981100600000,981101500000,981102500000,981102600000,981103000000,981104400000,981105200000,110000,230000,981104900000,
---PROFILEDATA---

View hierarchy:
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

  it('reads the uptime and the last frame from gfxinfo framestats, by column name, across Android versions', () => {
    const a13 = parseFrameStats(GFXINFO_13);
    // The skipped frame (flag 8, no FrameCompleted) of the hidden popup counts by its vsync: the app was asked to draw then.
    assert.deepEqual(a13, { uptimeMs: 2466011, lastFrameMs: 2465400, frames: 3 });
    assert.deepEqual(parseFrameStats(GFXINFO_10), { uptimeMs: 981233, lastFrameMs: 981105.2, frames: 1 });
    assert.deepEqual(parseFrameStats('Applications Graphics Acceleration Info:\nUptime: 5000 Realtime: 9000\nNo process found for: com.example.gone\n'), { uptimeMs: 5000, frames: 0 });
    assert.equal(parseFrameStats("Can't find service: gfxinfo\n"), undefined);
  });

  it('takes the frames as evidence of rest only when they vouch for the dump and the input had time to show', () => {
    const stats = { uptimeMs: 10_000, lastFrameMs: 9_000, frames: 5 };
    // Host clock: input ended at 100, dump began at 200, stats asked at 300 and back at 320.
    const t = { lastInputAt: 100, dumpStartedAt: 200, sentAt: 300, answeredAt: 320 };
    assert.equal(framesAtRest(stats, t), true, 'no frame for a second, the dump after the input');
    assert.equal(framesAtRest({ ...stats, lastFrameMs: 9_950 }, t), false, 'a frame 50 ms ago falls within the 120 ms since the dump began');
    assert.equal(framesAtRest({ ...stats, lastFrameMs: 10_000 - FRAME_IDLE_MS + 1 }, { ...t, dumpStartedAt: 310 }), false, 'drawn within a few frames: maybe animating');
    assert.equal(framesAtRest(stats, { ...t, lastInputAt: 260 }), false, 'the dump began before the input ended');
    assert.equal(framesAtRest(stats, { ...t, lastInputAt: 190, dumpStartedAt: 200, sentAt: 220 }), false, 'asked 30 ms after the input: too soon to say it drew nothing');
    assert.equal(framesAtRest({ uptimeMs: 10_000, frames: 0 }, t), false, 'no frame listed: no evidence');
  });

  it('names the app of a dump only when it is a package name', () => {
    assert.equal(packageOfDump('<hierarchy rotation="0"><node index="0" text="" package="com.example.notes" class="android.widget.FrameLayout"/></hierarchy>'), 'com.example.notes');
    assert.equal(
      packageOfDump('<hierarchy index="0" class="hierarchy" rotation="0"><android.widget.FrameLayout index="0" package="com.example.notes" class="android.widget.FrameLayout"/></hierarchy>'),
      'com.example.notes',
      'the UiAutomator2 server\'s form',
    );
    assert.equal(packageOfDump('<hierarchy><node package="com.x;reboot" /></hierarchy>'), undefined);
    assert.equal(packageOfDump('<hierarchy rotation="0"/>'), undefined);
  });
});
