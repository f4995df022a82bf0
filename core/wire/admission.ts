import { SimlabError } from '../contract/envelope.js';
import { mostFingersDown } from '../gestures/timeline.js';
import { COMMANDS, isCommandName, NOT_IN_BATCH, type CommandArgs, type CommandName } from './commands.js';
import { admitTimeline, type AdmittedTimeline } from './admitted-timeline.js';
import type { Capabilities, DeviceDescriptor } from './device.js';
import { invalidArgs } from './invalid-args.js';
import { canonicalKey } from './keys.js';
import { parseSelector } from '../selectors/parse.js';

/** What admission needs to know of a device: what the hub holds of it, and what the worker's bridge says. */
export type AdmissionDevice = Pick<DeviceDescriptor, 'platform' | 'size' | 'capabilities'>;

/** A command's arguments once admitted: a perform's timeline is an AdmittedTimeline, ready for a bridge. */
export type AdmittedArgs<C extends CommandName> = C extends 'perform' ? AdmittedTimeline : CommandArgs<C>;

/** A command that passed every check that needs no device I/O: its name and its parsed arguments. */
export interface Admitted {
  command: CommandName;
  args: AdmittedArgs<CommandName>;
}

const MULTI_TOUCH: ReadonlySet<CommandName> = new Set(['pinch', 'rotate', 'two-finger-tap', 'two-finger-long-press']);

function unsupported(message: string, capability: string, caps: Capabilities, fallback: string, specific?: string): SimlabError {
  const reason = (specific === undefined ? undefined : caps.reasons?.[specific]) ?? caps.reasons?.[capability];
  return new SimlabError('UNSUPPORTED', message, {
    hint: reason ?? fallback,
    details: { capability, ...(reason === undefined ? {} : { reason }) },
  });
}

/** A selector's syntax is known without the screen: a bad one is refused here, on the hub and the worker alike. */
function checkSelectors(args: object): void {
  for (const key of ['target', 'from', 'to'] as const) {
    const value = (args as Record<string, unknown>)[key];
    if (typeof value === 'string') parseSelector(value);
  }
}

/**
 * Checks a command before anything reaches the device, the same way on the hub (before it logs
 * and routes) and on the worker (before the session runs it): a known name, a platform verb this
 * device offers, arguments that match the wire schema (a perform timeline also against the
 * screen), and the capabilities it needs. Throws SimlabError (INVALID_ARGS or UNSUPPORTED).
 * `offersVerb` lets the worker add what only it knows (whether its bridge can run the verb).
 */
export function admit(command: string, rawArgs: unknown, device: AdmissionDevice, offersVerb: (verb: string) => boolean = () => true): Admitted {
  const caps = device.capabilities;
  if (!isCommandName(command)) {
    throw new SimlabError('INVALID_ARGS', `unknown command "${command}"`, {
      details: { commands: Object.keys(COMMANDS) },
      hint: 'use one of the listed commands',
    });
  }
  const dot = command.indexOf('.');
  if (dot > 0 && (!caps.platformVerbs.includes(command) || !offersVerb(command))) {
    const platform = command.slice(0, dot);
    throw unsupported(
      `${command} is not offered by this ${device.platform} device`,
      'platformVerbs',
      caps,
      platform === device.platform ? `this device does not offer ${command}` : `${command} is a ${platform}-only verb and this device is ${device.platform}`,
      command,
    );
  }
  const parsed = COMMANDS[command].safeParse(rawArgs ?? {});
  if (!parsed.success) throw invalidArgs(`invalid arguments for ${command}`, parsed.error.issues);
  const args = parsed.data as CommandArgs<CommandName>;
  checkSelectors(args);
  if (MULTI_TOUCH.has(command) && !caps.multiTouch) {
    throw unsupported(`${command} needs two fingers and this device has no multi-touch`, 'multiTouch', caps, 'this device takes one finger at a time');
  }
  if (command === 'perform') {
    const timeline = admitTimeline(args as CommandArgs<'perform'>, device.size);
    // Fingers one after another (a double tap) need no multi-touch; only fingers down together do.
    if (!caps.multiTouch && mostFingersDown(timeline) > 1) {
      throw unsupported('this timeline holds several fingers down at once and this device has no multi-touch', 'multiTouch', caps, 'this device takes one finger at a time');
    }
    return { command, args: timeline };
  }
  if (command === 'type' && !caps.type) throw unsupported('this device cannot type text', 'type', caps, 'no keyboard path on this device');
  if (command === 'key') {
    const { key } = args as CommandArgs<'key'>;
    if (!canonicalKey(key, caps.keys)) {
      throw new SimlabError('INVALID_ARGS', `unknown key "${key}"`, { details: { keys: caps.keys }, hint: `keys this device has: ${caps.keys.join(', ')}` });
    }
  }
  if (command === 'button') {
    const { button } = args as CommandArgs<'button'>;
    if (!caps.buttons.includes(button)) {
      throw unsupported(`this device has no ${button} button`, 'buttons', caps, `buttons this device has: ${caps.buttons.join(', ') || 'none'}`, button);
    }
  }
  if (command === 'batch') {
    const steps = (args as CommandArgs<'batch'>).steps.map((step, i) => {
      if (isCommandName(step.command) && NOT_IN_BATCH.has(step.command)) {
        throw new SimlabError('INVALID_ARGS', `step ${i + 1}: ${step.command} cannot be in a batch`, { hint: 'a batch holds actions; it answers with the settled diff at the end' });
      }
      try {
        const admitted = admit(step.command, step.args, device, offersVerb);
        return { command: admitted.command, args: admitted.args as Record<string, unknown> };
      } catch (err) {
        if (err instanceof SimlabError) throw new SimlabError(err.code, `step ${i + 1} (${step.command}): ${err.message}`, { ...err.options, details: { step: i + 1, ...err.options.details } });
        throw err;
      }
    });
    return { command, args: { steps } };
  }
  if (command === 'screenshot' && !caps.screenshot) throw unsupported('this device cannot take screenshots', 'screenshot', caps, 'no screenshot path on this device');
  // A perform answered above; no other command's arguments change at admission.
  return { command, args: args as CommandArgs<Exclude<CommandName, 'perform'>> };
}
