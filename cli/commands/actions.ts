import { Command } from 'commander';
import { withDeviceOption, type LabOptions } from './context.js';
import { reportUsage } from './output.js';
import { num, sendAction } from './send-action.js';
import { parseTarget, targetFrom } from './targets.js';

type Opts = LabOptions & Record<string, string | boolean | undefined>;

const TARGET_HELP = 'selector (@7, "#3", "#login", text="OK") or x,y in points';

/** The arguments with --target as the command's target, when it was given. */
function withTarget(args: Record<string, unknown>, options: Opts): Record<string, unknown> {
  return typeof options.target === 'string' ? { ...args, target: parseTarget(options.target) } : args;
}

/** The arguments with the numeric flags that were given (NaN for a non-number, which the schema refuses). */
function withNumbers(args: Record<string, unknown>, options: Opts, flags: readonly string[]): Record<string, unknown> {
  const out = { ...args };
  for (const flag of flags) if (typeof options[flag] === 'string') out[flag] = num(options[flag]);
  return out;
}

/** tap, double-tap, long-press and two-finger-tap: one target given as a selector or --xy. */
function targetCommand(name: string, description: string, optionalTarget: boolean, extra?: (c: Command) => Command): Command {
  const command = withDeviceOption(new Command(name))
    .description(description)
    .argument('[selector]', 'the element: @7, "#3", "#login", text="OK"')
    .option('--xy <x,y>', 'a point in device points instead of a selector');
  (extra ? extra(command) : command).action(async (selector: string | undefined, options: Opts) => {
    const args: Record<string, unknown> = {};
    if (selector !== undefined || options.xy !== undefined || !optionalTarget) {
      const choice = targetFrom(selector, typeof options.xy === 'string' ? options.xy : undefined);
      if (!choice.ok) return reportUsage(name, choice.message, options);
      args.target = choice.target;
    }
    await sendAction(name, withNumbers(args, options, ['ms']), options);
  });
  return command;
}

const withMs = (def: string) => (c: Command) => c.option('--ms <ms>', `duration in milliseconds (default ${def})`);

export function actionCommands(): Command[] {
  const swipe = withDeviceOption(new Command('swipe'))
    .description('swipe from one place to another (or by --dx/--dy)')
    .argument('<from>', TARGET_HELP)
    .argument('[to]', TARGET_HELP)
    .option('--dx <points>', 'horizontal distance')
    .option('--dy <points>', 'vertical distance')
    .option('--ms <ms>', 'duration (default 300)')
    .action(async (from: string, to: string | undefined, options: Opts) => {
      const ends = to === undefined ? { from: parseTarget(from) } : { from: parseTarget(from), to: parseTarget(to) };
      const args = withNumbers(ends, options, ['dx', 'dy', 'ms']);
      if (args.to === undefined && args.dx === undefined && args.dy === undefined) {
        return reportUsage('swipe', 'give where to: a second target, or --dx/--dy', options);
      }
      await sendAction('swipe', args, options);
    });

  const drag = withDeviceOption(new Command('drag'))
    .description('press, move precisely and release (no fling)')
    .argument('<from>', TARGET_HELP)
    .argument('<to>', TARGET_HELP)
    .action((from: string, to: string, options: Opts) => sendAction('drag', { from: parseTarget(from), to: parseTarget(to) }, options));

  const scrollBy = withDeviceOption(new Command('scroll-by'))
    .description('scroll precisely by dy (and dx) points; positive dy reveals content further down')
    .argument('<dy>', 'vertical points')
    .option('--dx <points>', 'horizontal points')
    .option('--target <selector>', 'the scroll container (default: the main list or page)')
    .action((dy: string, options: Opts) => sendAction('scroll-by', withTarget(withNumbers({ dy: num(dy) }, options, ['dx']), options), options));

  const fling = withDeviceOption(new Command('fling'))
    .description('a quick flick that keeps scrolling after release')
    .argument('<direction>', 'up, down, left or right (the way the finger moves)')
    .option('--target <selector>', 'the scroll container (default: the main list or page)')
    .action((direction: string, options: Opts) => sendAction('fling', withTarget({ direction }, options), options));

  const pinch = withDeviceOption(new Command('pinch'))
    .description('two-finger pinch: scale > 1 zooms in, < 1 zooms out')
    .argument('<scale>', 'e.g. 2 or 0.5')
    .option('--target <selector>', 'pinch centre (default: the screen centre)')
    .option('--ms <ms>', 'duration (default 600)')
    .action((scale: string, options: Opts) => sendAction('pinch', withTarget(withNumbers({ scale: num(scale) }, options, ['ms']), options), options));

  const rotate = withDeviceOption(new Command('rotate'))
    .description('two-finger rotation along an arc (positive = clockwise)')
    .argument('<degrees>', 'e.g. 90 or -45')
    .option('--target <selector>', 'rotation centre (default: the screen centre)')
    .option('--ms <ms>', 'duration (default 800)')
    .action((degrees: string, options: Opts) => sendAction('rotate', withTarget(withNumbers({ degrees: num(degrees) }, options, ['ms']), options), options));

  const type = withDeviceOption(new Command('type'))
    .description('type text through the keyboard path (into the focused field, or --target)')
    .argument('<text>', 'the text')
    .option('--target <selector>', 'tap this field first')
    .option('--clear', 'clear the field first')
    .option('--secret', 'a password: the lab shows the text to nobody but you and admins (logs, dashboard, replays)')
    .action((text: string, options: Opts) =>
      sendAction('type', withTarget({ text, ...(options.clear ? { clear: true } : {}), ...(options.secret ? { secret: true } : {}) }, options), options),
    );

  const key = withDeviceOption(new Command('key'))
    .description('press a key: Enter, Backspace, Tab, Escape, ArrowUp/Down/Left/Right')
    .argument('<key>', 'key name')
    .action((name: string, options: Opts) => sendAction('key', { key: name }, options));

  const button = withDeviceOption(new Command('button'))
    .description('press a device button')
    .argument('<button>', 'back or home')
    .action((name: string, options: Opts) => sendAction('button', { button: name }, options));

  return [
    targetCommand('tap', 'tap an element (or a point)', false),
    targetCommand('double-tap', 'double-tap an element (or a point)', false),
    targetCommand('long-press', 'press and hold an element (or a point)', false, withMs('800')),
    swipe,
    drag,
    scrollBy,
    fling,
    pinch,
    rotate,
    targetCommand('two-finger-tap', 'tap with two fingers at once (default: the screen centre)', true),
    type,
    key,
    button,
  ];
}
