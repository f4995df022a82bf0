import { z } from 'zod';
import { ANDROID_COMMANDS } from './android-commands.js';
import { IOS_COMMANDS } from './ios-commands.js';
import { PointArg, Target } from './selectors.js';
import { WebUrl } from './web-url.js';

/**
 * The device commands: one schema per command, shared by the REST API, the CLI, the hub
 * (which validates) and the worker (which executes). Durations are milliseconds,
 * distances points, angles degrees.
 */
const ms = (max: number) => z.number().int().min(0).max(max);
/** Largest coordinate or distance in points anyone means (a big tablet is under 1,400 points across). */
export const MAX_POINTS_DISTANCE = 20_000;
/** Largest scroll-by in points: a few dozen screens, done in a bounded number of drags. */
export const MAX_SCROLL_PTS = 10_000;
/** Longest text one `type` carries. */
export const MAX_TYPE_TEXT = 10_000;
const coordinate = z.number().finite().min(-MAX_POINTS_DISTANCE).max(MAX_POINTS_DISTANCE);
const scroll = z.number().finite().min(-MAX_SCROLL_PTS).max(MAX_SCROLL_PTS);
const Rect = z.object({ x: coordinate, y: coordinate, w: z.number().positive().max(MAX_POINTS_DISTANCE), h: z.number().positive().max(MAX_POINTS_DISTANCE) }).strict();

export const OutlineArgs = z
  .object({
    format: z.enum(['text', 'json']).default('text'),
    interactive: z.boolean().default(false),
    skeleton: z.boolean().default(false),
    wait: z.boolean().default(true),
    since: z.string().max(100).optional(),
    raw: z.boolean().default(false),
    /** JSON format: the outline text of the same snapshot too (the dashboard shows both from one look). */
    text: z.boolean().default(false),
    /** Read the whole screen's pixels too (OCR): lines the tree lacks come as `(pixel)`. */
    pixels: z.boolean().default(false),
  })
  .strict();

export const TapArgs = z.object({ target: Target }).strict();
export const DoubleTapArgs = z.object({ target: Target }).strict();
export const LongPressArgs = z.object({ target: Target, ms: ms(10_000).default(800) }).strict();
export const SwipeArgs = z
  .object({ from: Target, to: Target.optional(), dx: coordinate.optional(), dy: coordinate.optional(), ms: ms(10_000).default(300) })
  .strict();
export const DragArgs = z.object({ from: Target, to: Target }).strict();
export const ScrollByArgs = z
  .object({ dy: scroll.default(0), dx: scroll.default(0), target: Target.optional() })
  .strict()
  .refine((a) => a.dx !== 0 || a.dy !== 0, { message: 'scroll-by needs a non-zero dx or dy' });
export const FlingArgs = z
  .object({ direction: z.enum(['up', 'down', 'left', 'right']), target: Target.optional() })
  .strict();
export const PinchArgs = z
  .object({ scale: z.number().positive().max(20), target: Target.optional(), ms: ms(10_000).default(600) })
  .strict();
export const RotateArgs = z
  .object({ degrees: z.number().min(-720).max(720), target: Target.optional(), ms: ms(10_000).default(800) })
  .strict();
export const TwoFingerTapArgs = z.object({ target: Target.optional() }).strict();
export const TwoFingerLongPressArgs = z.object({ target: Target.optional(), ms: ms(10_000).default(800) }).strict();
/** `secret: true` (a password): the hub shows the text to nobody but the one who typed it and admins. */
export const TypeArgs = z
  .object({ text: z.string().max(MAX_TYPE_TEXT), target: Target.optional(), clear: z.boolean().default(false), secret: z.boolean().optional() })
  .strict();
export const KeyArgs = z.object({ key: z.string().min(1).max(40) }).strict();
export const ButtonArgs = z.object({ button: z.enum(['back', 'home']) }).strict();
export const ScreenshotArgs = z
  .object({ scale: z.number().positive().max(4).default(1), crop: Rect.optional(), format: z.enum(['jpeg', 'png']).default('jpeg') })
  .strict();
export const NoArgs = z.object({}).strict();
export const WebOpenArgs = z.object({ url: WebUrl }).strict();
/** Turns a web device: the viewport's width and height swap, the page sees the screen turn. */
export const WebOrientationArgs = z.object({ orientation: z.enum(['portrait', 'landscape']) }).strict();
export const ToggleArgs = z.object({ target: Target, on: z.boolean().optional() }).strict();
export const PerformArgs = z
  .object({
    fingers: z
      .array(z.object({ id: z.number().int().min(0).max(9), points: z.array(PointArg.extend({ t: z.number().finite().min(0).max(60_000) }).strict()).min(1).max(5000) }).strict())
      .min(1)
      .max(5),
  })
  .strict();

/** Most steps one batch may hold. */
export const BATCH_MAX_STEPS = 20;

/**
 * Several actions in one call, run in order until the first failure, answered with one settled
 * diff from the screen before the first to the screen after the last. Each step is admitted
 * (name, arguments, capabilities) before any is sent.
 */
export const BatchArgs = z
  .object({
    steps: z
      .array(z.object({ command: z.string().min(1).max(60), args: z.record(z.string(), z.unknown()).default({}) }).strict())
      .min(1)
      .max(BATCH_MAX_STEPS),
  })
  .strict();

/** Every command a device session runs, by name. Platform-only verbs are `<platform>.<verb>`. */
export const COMMANDS = {
  outline: OutlineArgs,
  tap: TapArgs,
  'double-tap': DoubleTapArgs,
  'long-press': LongPressArgs,
  swipe: SwipeArgs,
  drag: DragArgs,
  'scroll-by': ScrollByArgs,
  fling: FlingArgs,
  pinch: PinchArgs,
  rotate: RotateArgs,
  'two-finger-tap': TwoFingerTapArgs,
  'two-finger-long-press': TwoFingerLongPressArgs,
  perform: PerformArgs,
  type: TypeArgs,
  toggle: ToggleArgs,
  key: KeyArgs,
  button: ButtonArgs,
  screenshot: ScreenshotArgs,
  'app-state': NoArgs,
  batch: BatchArgs,
  'web.open': WebOpenArgs,
  'web.orientation': WebOrientationArgs,
  ...IOS_COMMANDS,
  ...ANDROID_COMMANDS,
} as const;

export type CommandName = keyof typeof COMMANDS;
export type CommandArgs<C extends CommandName> = z.infer<(typeof COMMANDS)[C]>;

/** Commands that change the device (they need a lease and go to the action log as actions). */
export const OBSERVE_COMMANDS: ReadonlySet<CommandName> = new Set(['outline', 'screenshot', 'app-state']);

/** What a batch may not hold: observations (the batch answers with the diff) and batches. */
export const NOT_IN_BATCH: ReadonlySet<CommandName> = new Set([...OBSERVE_COMMANDS, 'batch']);

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
