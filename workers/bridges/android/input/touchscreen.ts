// The touchscreen behind `getevent -pl`, and timelines as raw multi-touch protocol B events
// (slots, tracking ids, -1 lifts, SYN_REPORT) scaled to its axis ranges, for `sendevent`.
import type { TouchTimeline } from '../../../../core/gestures/timeline.js';

export const EV_SYN = 0;
export const EV_KEY = 1;
export const EV_ABS = 3;
export const SYN_REPORT = 0;
export const BTN_TOUCH = 0x14a;
export const ABS_MT_SLOT = 0x2f;
export const ABS_MT_POSITION_X = 0x35;
export const ABS_MT_POSITION_Y = 0x36;
export const ABS_MT_TRACKING_ID = 0x39;
export const ABS_MT_PRESSURE = 0x3a;

export interface AxisRange {
  min: number;
  max: number;
}

export interface Touchscreen {
  path: string;
  name: string;
  x: AxisRange;
  y: AxisRange;
  slots: number;
  trackingMax: number;
  pressure?: AxisRange;
  btnTouch: boolean;
}

/** The first input device of `getevent -pl` with multi-touch slots and positions. */
export function parseGeteventPl(text: string): Touchscreen | undefined {
  const blocks = text.split(/^add device \d+: /m).slice(1);
  for (const block of blocks) {
    const path = block.split('\n')[0]?.trim() ?? '';
    const name = /name:\s*"([^"]*)"/.exec(block)?.[1] ?? '';
    const axis = (label: string): AxisRange | undefined => {
      const m = new RegExp(`${label}\\s*: value -?\\d+, min (-?\\d+), max (-?\\d+)`).exec(block);
      return m ? { min: Number(m[1]), max: Number(m[2]) } : undefined;
    };
    const x = axis('ABS_MT_POSITION_X');
    const y = axis('ABS_MT_POSITION_Y');
    const slot = axis('ABS_MT_SLOT');
    const tracking = axis('ABS_MT_TRACKING_ID');
    if (!path || !x || !y || !slot) continue;
    const screen: Touchscreen = { path, name, x, y, slots: slot.max + 1, trackingMax: tracking?.max ?? 65535, btnTouch: /\bBTN_TOUCH\b/.test(block) };
    const pressure = axis('ABS_MT_PRESSURE');
    if (pressure) screen.pressure = pressure;
    return screen;
  }
  return undefined;
}

export type RawEvent = [type: number, code: number, value: number];

/** The events to send at one instant (ms from the start of the gesture). */
export interface EventBatch {
  t: number;
  events: RawEvent[];
}

interface Mark {
  t: number;
  path: number;
  kind: 'down' | 'move' | 'up';
  x: number;
  y: number;
}

/** Scales device pixels onto an axis: pixel p of `size` covers [min + p*span/size, ...). */
function toAxis(px: number, size: number, range: AxisRange): number {
  const span = range.max - range.min + 1;
  return Math.min(range.max, Math.max(range.min, Math.round(range.min + (px * span) / size)));
}

/**
 * A timeline (points) as MT-B batches for a screen of `screenPx` device pixels: at each
 * instant one report with every finger's new position (new fingers get a slot and a
 * tracking id), then, for fingers lifting then, a second report with tracking id -1, so the
 * lift-off point itself is reported first.
 */
export function mtBatches(timeline: TouchTimeline, pxPerPoint: number, screenPx: { w: number; h: number }, ts: Touchscreen, nextTrackingId: () => number): EventBatch[] {
  const marks: Mark[] = [];
  timeline.fingers.forEach((f, path) => {
    f.points.forEach((p, i) => {
      const kind = i === 0 ? 'down' : 'move';
      marks.push({ t: p.t, path, kind, x: p.x * pxPerPoint, y: p.y * pxPerPoint });
      if (i === f.points.length - 1) marks.push({ t: p.t, path, kind: 'up', x: p.x * pxPerPoint, y: p.y * pxPerPoint });
    });
  });
  const times = [...new Set(marks.map((m) => m.t))].sort((a, b) => a - b);
  const slotOf = new Map<number, number>();
  const lastPos = new Map<number, [number, number]>();
  const free = Array.from({ length: ts.slots }, (_, i) => i);
  let currentSlot = -1;
  let down = 0;
  const batches: EventBatch[] = [];
  const select = (events: RawEvent[], slot: number) => {
    if (slot !== currentSlot) events.push([EV_ABS, ABS_MT_SLOT, slot]);
    currentSlot = slot;
  };
  for (const t of times) {
    const now = marks.filter((m) => m.t === t);
    const events: RawEvent[] = [];
    const wasDown = down;
    for (const m of now.filter((n) => n.kind !== 'up')) {
      const x = toAxis(m.x, screenPx.w, ts.x);
      const y = toAxis(m.y, screenPx.h, ts.y);
      if (m.kind === 'down') {
        const slot = free.shift();
        if (slot === undefined) throw new Error(`the touchscreen tracks ${ts.slots} fingers`);
        slotOf.set(m.path, slot);
        select(events, slot);
        events.push([EV_ABS, ABS_MT_TRACKING_ID, nextTrackingId()], [EV_ABS, ABS_MT_POSITION_X, x], [EV_ABS, ABS_MT_POSITION_Y, y]);
        if (ts.pressure) events.push([EV_ABS, ABS_MT_PRESSURE, Math.round((ts.pressure.min + ts.pressure.max) / 2)]);
        down++;
      } else {
        const before = lastPos.get(m.path);
        if (before && before[0] === x && before[1] === y) continue;
        select(events, slotOf.get(m.path) as number);
        if (!before || before[0] !== x) events.push([EV_ABS, ABS_MT_POSITION_X, x]);
        if (!before || before[1] !== y) events.push([EV_ABS, ABS_MT_POSITION_Y, y]);
      }
      lastPos.set(m.path, [x, y]);
    }
    if (events.length) {
      if (wasDown === 0 && down > 0 && ts.btnTouch) events.push([EV_KEY, BTN_TOUCH, 1]);
      events.push([EV_SYN, SYN_REPORT, 0]);
    }
    const lifts = now.filter((n) => n.kind === 'up');
    if (lifts.length) {
      for (const m of lifts) {
        const slot = slotOf.get(m.path) as number;
        select(events, slot);
        events.push([EV_ABS, ABS_MT_TRACKING_ID, -1]);
        free.push(slot);
        free.sort((a, b) => a - b);
        down--;
      }
      if (down === 0 && ts.btnTouch) events.push([EV_KEY, BTN_TOUCH, 0]);
      events.push([EV_SYN, SYN_REPORT, 0]);
    }
    batches.push({ t, events });
  }
  return batches;
}

/** Lifts fingers held in these slots (after a failure mid-gesture). */
export function liftEvents(slots: number[], ts: Touchscreen): RawEvent[] {
  const events: RawEvent[] = [];
  for (const slot of slots) events.push([EV_ABS, ABS_MT_SLOT, slot], [EV_ABS, ABS_MT_TRACKING_ID, -1]);
  if (ts.btnTouch) events.push([EV_KEY, BTN_TOUCH, 0]);
  events.push([EV_SYN, SYN_REPORT, 0]);
  return events;
}

export function sendeventCommand(path: string, events: RawEvent[]): string {
  return events.map(([type, code, value]) => `sendevent ${path} ${type} ${code} ${value}`).join(';');
}
