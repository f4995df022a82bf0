// A virtual multi-touch touchscreen (/dev/input/event1) that takes raw `sendevent` events in
// the multi-touch protocol B (slots, tracking ids, -1 lifts, SYN_REPORT) and rebuilds each
// gesture as finger paths in screen pixels.
import type { TouchTimeline } from '../../../../../core/gestures/timeline.js';

export const EV_SYN = 0;
export const EV_KEY = 1;
export const EV_ABS = 3;
export const SYN_REPORT = 0;
export const BTN_TOUCH = 0x14a;
export const ABS_MT_SLOT = 0x2f;
export const ABS_MT_TOUCH_MAJOR = 0x30;
export const ABS_MT_POSITION_X = 0x35;
export const ABS_MT_POSITION_Y = 0x36;
export const ABS_MT_TRACKING_ID = 0x39;
export const ABS_MT_PRESSURE = 0x3a;

export interface AbsAxis {
  code: number;
  label: string;
  min: number;
  max: number;
}

export const TOUCH_DEVICE = '/dev/input/event1';
export const TOUCH_NAME = 'virtio_input_multi_touch_1';
export const AXIS_MAX = 32767;
export const MAX_SLOTS = 10;

export const TOUCH_AXES: AbsAxis[] = [
  { code: ABS_MT_SLOT, label: 'ABS_MT_SLOT', min: 0, max: MAX_SLOTS - 1 },
  { code: ABS_MT_TOUCH_MAJOR, label: 'ABS_MT_TOUCH_MAJOR', min: 0, max: 2147483647 },
  { code: ABS_MT_POSITION_X, label: 'ABS_MT_POSITION_X', min: 0, max: AXIS_MAX },
  { code: ABS_MT_POSITION_Y, label: 'ABS_MT_POSITION_Y', min: 0, max: AXIS_MAX },
  { code: ABS_MT_TRACKING_ID, label: 'ABS_MT_TRACKING_ID', min: 0, max: MAX_SLOTS },
  { code: ABS_MT_PRESSURE, label: 'ABS_MT_PRESSURE', min: 0, max: 255 },
];

/** One gesture from the first finger down to the last finger up; `t` in ms from `startedAt`. */
export interface Gesture extends TouchTimeline {
  source: 'sendevent' | 'motionevent' | 'uia2';
  /** Device clock (ms since the device started) of the first touch. */
  startedAt: number;
}

interface Slot {
  trackingId: number;
  x: number;
  y: number;
  dirty: boolean;
  path: { id: number; points: { x: number; y: number; t: number }[] } | null;
}

export class MultiTouchDecoder {
  private readonly slots: Slot[] = Array.from({ length: MAX_SLOTS }, () => ({ trackingId: -1, x: 0, y: 0, dirty: false, path: null }));
  private slot = 0;
  private gesture: Gesture | null = null;

  constructor(
    private readonly screen: { width: number; height: number },
    private readonly onGesture: (g: Gesture) => void,
  ) {}

  /** One `sendevent` at device time `now` (ms). */
  event(type: number, code: number, value: number, now: number): void {
    if (type === EV_ABS) {
      if (code === ABS_MT_SLOT) {
        if (value >= 0 && value < MAX_SLOTS) this.slot = value;
        return;
      }
      const s = this.slots[this.slot] as Slot;
      if (code === ABS_MT_TRACKING_ID) {
        s.trackingId = value < 0 ? -1 : value;
        s.dirty = true;
      } else if (code === ABS_MT_POSITION_X) {
        s.x = value;
        s.dirty = true;
      } else if (code === ABS_MT_POSITION_Y) {
        s.y = value;
        s.dirty = true;
      }
    } else if (type === EV_SYN && code === SYN_REPORT) {
      this.report(now);
    }
  }

  private toPixels(raw: number, size: number): number {
    return ((Math.min(Math.max(raw, 0), AXIS_MAX)) * size) / (AXIS_MAX + 1);
  }

  private report(now: number): void {
    for (const s of this.slots) {
      if (!s.dirty) continue;
      s.dirty = false;
      if (s.trackingId < 0) {
        s.path = null;
        continue;
      }
      if (!this.gesture) this.gesture = { source: 'sendevent', startedAt: now, fingers: [] };
      const point = { x: this.toPixels(s.x, this.screen.width), y: this.toPixels(s.y, this.screen.height), t: now - this.gesture.startedAt };
      if (!s.path || s.path.id !== s.trackingId) {
        s.path = { id: s.trackingId, points: [] };
        this.gesture.fingers.push(s.path);
      }
      s.path.points.push(point);
    }
    if (this.gesture && this.slots.every((s) => s.trackingId < 0)) {
      const done = this.gesture;
      this.gesture = null;
      this.onGesture(done);
    }
  }
}

/** `getevent -p` / `-pl` output for the keyboard and the touchscreen. */
export function describeInputDevices(labels: boolean): string {
  const code = (label: string, value: number, width: number) =>
    labels ? label.padEnd(width) : value.toString(16).padStart(4, '0');
  const lines = [
    'add device 1: /dev/input/event1',
    `  name:     "${TOUCH_NAME}"`,
    '  events:',
    `    KEY (0001): ${code('BTN_TOUCH', BTN_TOUCH, 0)}`,
  ];
  TOUCH_AXES.forEach((axis, i) => {
    const head = i === 0 ? `    ABS (0003): ` : '                ';
    lines.push(`${head}${code(axis.label, axis.code, 22)}: value 0, min ${axis.min}, max ${axis.max}, fuzz 0, flat 0, resolution 0`);
  });
  lines.push('  input props:', `    ${labels ? 'INPUT_PROP_DIRECT' : '0001'}`);
  lines.push(
    'add device 2: /dev/input/event0',
    '  name:     "qwerty2"',
    '  events:',
    `    KEY (0001): ${labels ? 'KEY_ESC               KEY_1                 KEY_2                 KEY_BACK              KEY_HOMEPAGE' : '0001  0002  0003  009e  00ac'}`,
    '  input props:',
    '    <none>',
  );
  return `${lines.join('\n')}\n`;
}
