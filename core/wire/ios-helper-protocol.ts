import { z } from 'zod';

/**
 * The wire between the worker and `native/ios` (simlab-ios-helper), one JSON object per line
 * on the helper's stdin (requests) and stdout (replies). Written once here; the Swift side
 * checks itself against the shared vectors in native/ios/Tests/vectors, which the TypeScript
 * tests read too. Coordinates are points; `t` is milliseconds from the start of a touch
 * sequence, so a core/gestures timeline plays unchanged on the helper's clock.
 */
export const IOS_HELPER_PROTOCOL_VERSION = 1;

const id = z.number().int().min(1).max(2 ** 31);
const coord = z.number().min(-10_000).max(10_000);

/** One finger's touch-down, move or lift at a time. */
export const TouchEvent = z
  .object({
    t: z.number().min(0).max(120_000),
    finger: z.number().int().min(0).max(9),
    phase: z.enum(['down', 'move', 'up']),
    x: coord,
    y: coord,
  })
  .strict();
export type TouchEvent = z.infer<typeof TouchEvent>;

export const HelperRequest = z.discriminatedUnion('op', [
  z.object({ id, op: z.literal('hello'), version: z.number().int().min(1) }).strict(),
  z.object({ id, op: z.literal('touch'), events: z.array(TouchEvent).min(1).max(20_000) }).strict(),
  z.object({ id, op: z.literal('release') }).strict(),
  z.object({ id, op: z.literal('frame'), quality: z.number().int().min(1).max(100) }).strict(),
]);
export type HelperRequest = z.infer<typeof HelperRequest>;

export const HelperError = z
  .object({
    /** `no_device` (the simulator is not booted), `hid` (touch channel lost), `capture`, `bad_request`. */
    code: z.enum(['no_device', 'hid', 'capture', 'bad_request', 'version']),
    message: z.string().max(2000),
  })
  .strict();

export const HelperReply = z.union([
  z
    .object({
      id,
      ok: z.literal(true),
      op: z.literal('hello'),
      version: z.number().int().min(1),
      helper: z.string().max(200),
      screen: z.object({ w: z.number().positive(), h: z.number().positive(), scale: z.number().positive() }).strict(),
      multiTouch: z.boolean(),
    })
    .strict(),
  z.object({ id, ok: z.literal(true), op: z.enum(['touch', 'release']) }).strict(),
  z
    .object({
      id,
      ok: z.literal(true),
      op: z.literal('frame'),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      /** When the helper captured it (ms since epoch). */
      timestamp: z.number(),
      jpeg: z.string().max(30_000_000),
    })
    .strict(),
  z.object({ id, ok: z.literal(false), error: HelperError }).strict(),
]);
export type HelperReply = z.infer<typeof HelperReply>;

/** A gesture timeline as the helper's events: every finger's down, moves and up, in time order. */
export function touchEvents(fingers: ReadonlyArray<{ id: number; points: ReadonlyArray<{ x: number; y: number; t: number }> }>): TouchEvent[] {
  const events: TouchEvent[] = [];
  for (const f of fingers) {
    f.points.forEach((p, i) => {
      const phase = i === 0 ? 'down' : 'move';
      events.push({ t: p.t, finger: f.id, phase, x: p.x, y: p.y });
    });
    const last = f.points[f.points.length - 1];
    if (last) events.push({ t: last.t, finger: f.id, phase: 'up', x: last.x, y: last.y });
  }
  const order = { down: 0, move: 1, up: 2 } as const;
  // At one instant, touch-downs come before moves before lifts, so fingers overlap as meant.
  return events.sort((a, b) => a.t - b.t || order[a.phase] - order[b.phase] || a.finger - b.finger);
}
