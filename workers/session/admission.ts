import { SimlabError } from '../../core/contract/envelope.js';
import { mostFingersDown, type TouchTimeline } from '../../core/gestures/timeline.js';
import { COMMANDS, isCommandName, type CommandName } from '../../core/wire/commands.js';
import { canonicalKey } from '../../core/wire/keys.js';
import type { Capabilities, DeviceInfo } from '../bridge.js';

/** A command that passed every check that needs no device: its name and its parsed arguments. */
export interface Admitted {
  command: CommandName;
  args: unknown;
}

const MULTI_TOUCH: ReadonlySet<CommandName> = new Set(['pinch', 'rotate', 'two-finger-tap', 'two-finger-long-press']);

function unsupported(message: string, capability: string, caps: Capabilities, fallback: string, specific?: string): SimlabError {
  return new SimlabError('UNSUPPORTED', message, {
    hint: (specific === undefined ? undefined : caps.reasons?.[specific]) ?? caps.reasons?.[capability] ?? fallback,
    details: { capability },
  });
}

/**
 * Checks a command before anything touches the device: a known name, a platform verb this
 * device offers, arguments that match the wire schema, and the capabilities it needs.
 * Throws SimlabError (INVALID_ARGS or UNSUPPORTED); nothing is ever sent on failure.
 */
export function admit(command: string, rawArgs: unknown, info: DeviceInfo, caps: Capabilities, hasVerb: (verb: string) => boolean): Admitted {
  if (!isCommandName(command)) {
    throw new SimlabError('INVALID_ARGS', `unknown command "${command}"`, {
      details: { commands: Object.keys(COMMANDS) },
      hint: 'use one of the listed commands',
    });
  }
  const dot = command.indexOf('.');
  if (dot > 0 && (!caps.platformVerbs.includes(command) || !hasVerb(command))) {
    const platform = command.slice(0, dot);
    throw unsupported(
      `${command} is not offered by this ${info.platform} device`,
      command,
      caps,
      platform === info.platform ? `this device does not offer ${command}` : `${command} is a ${platform}-only verb and this device is ${info.platform}`,
    );
  }
  const parsed = COMMANDS[command].safeParse(rawArgs ?? {});
  if (!parsed.success) {
    throw new SimlabError('INVALID_ARGS', `invalid arguments for ${command}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(args)'}: ${i.message}`).join('; ')}`, {
      details: { issues: parsed.error.issues },
    });
  }
  const args = parsed.data as Record<string, unknown>;
  if (MULTI_TOUCH.has(command) && !caps.multiTouch) {
    throw unsupported(`${command} needs two fingers and this device has no multi-touch`, 'multiTouch', caps, 'this device takes one finger at a time');
  }
  if (command === 'perform' && !caps.multiTouch && mostFingersDown(args as unknown as TouchTimeline) > 1) {
    throw unsupported('this timeline holds several fingers down at once and this device has no multi-touch', 'multiTouch', caps, 'this device takes one finger at a time');
  }
  if (command === 'type' && !caps.type) throw unsupported('this device cannot type text', 'type', caps, 'no keyboard path on this device');
  if (command === 'key' && !canonicalKey(args.key as string, caps.keys)) {
    throw new SimlabError('INVALID_ARGS', `unknown key "${String(args.key)}"`, { details: { keys: caps.keys }, hint: `keys this device has: ${caps.keys.join(', ')}` });
  }
  if (command === 'button' && !caps.buttons.includes(args.button as 'back' | 'home')) {
    throw unsupported(`this device has no ${String(args.button)} button`, 'buttons', caps, `buttons this device has: ${caps.buttons.join(', ') || 'none'}`, String(args.button));
  }
  if (command === 'screenshot' && !caps.screenshot) throw unsupported('this device cannot take screenshots', 'screenshot', caps, 'no screenshot path on this device');
  return { command, args };
}
