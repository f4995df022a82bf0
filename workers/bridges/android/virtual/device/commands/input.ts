// `input` as Android's InputShellCommand behaves: tap, swipe, draganddrop, text (with its %s
// decoding and the virtual keyboard's character set), keyevent and motionevent.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CommandHandler, CommandIo } from '../sh-run.js';
import type { DeviceParts } from '../device-parts.js';
import { keyCodeFromString } from '../keycodes.js';

const SOURCES = new Set([
  'keyboard', 'dpad', 'gamepad', 'touchscreen', 'mouse', 'stylus', 'trackball', 'touchpad', 'touchnavigation', 'joystick', 'rotaryencoder',
]);

/** InputShellCommand.sendText: `%s` becomes a space; nothing else is unescaped. */
export function decodeInputText(arg: string): string {
  const b = [...arg];
  let escape = false;
  for (let i = 0; i < b.length; i++) {
    if (escape) {
      escape = false;
      if (b[i] === 's') {
        b[i] = ' ';
        b.splice(--i, 1);
      }
    }
    if (b[i] === '%') escape = true;
  }
  return b.join('');
}

/** Characters the virtual keyboard's KeyCharacterMap can produce (printable ASCII, tab, newline). */
export function typeable(text: string): boolean {
  return /^[\x20-\x7e\t\n]*$/.test(text);
}

async function usage(io: CommandIo, command: string, detail: string): Promise<number> {
  await io.stderr.write(`Error: ${detail}\nUsage: input [<source>] [-d DISPLAY_ID] ${command} ...\n`);
  return 1;
}

async function exception(io: CommandIo, command: string, text: string): Promise<number> {
  await io.stderr.write(`Exception occurred while executing '${command}':\n${text}\n`);
  return 255;
}

function numbers(args: string[], count: number): number[] | null {
  if (args.length < count) return null;
  const out = args.slice(0, count).map(Number);
  return out.every(Number.isFinite) ? out : null;
}

export function inputCommands(device: DeviceParts): Record<string, CommandHandler> {
  const swipe = async (io: CommandIo, command: string, args: string[]): Promise<number> => {
    const p = numbers(args, 4);
    if (!p) return usage(io, command, `Invalid arguments for command: ${command}`);
    const [x1, y1, x2, y2] = p as [number, number, number, number];
    const durationMs = args[4] !== undefined ? Number(args[4]) : 300;
    device.inputEvents.push({ kind: 'swipe', x1, y1, x2, y2, durationMs, at: device.now() });
    try {
      await sleep(Math.max(0, durationMs), undefined, { signal: io.signal });
    } catch {
      return 130;
    }
    if (Math.hypot(x2 - x1, y2 - y1) < 10 && durationMs < 500) device.tap(x1, y1);
    return 0;
  };

  const input: CommandHandler = async (argv, io) => {
    const args = argv.slice(1);
    if (args[0] && SOURCES.has(args[0])) args.shift();
    if (args[0] === '-d') args.splice(0, 2);
    const command = args.shift();
    switch (command) {
      case 'tap': {
        const p = numbers(args, 2);
        if (!p) return usage(io, 'tap', 'Invalid arguments for command: tap');
        const [x, y] = p as [number, number];
        device.inputEvents.push({ kind: 'tap', x, y, at: device.now() });
        device.tap(x, y);
        return 0;
      }
      case 'swipe':
      case 'draganddrop':
        return swipe(io, command, args);
      case 'text': {
        const raw = args[0];
        if (raw === undefined) return usage(io, 'text', 'Argument expected after "text"');
        const text = decodeInputText(raw);
        if (!typeable(text)) {
          return exception(io, 'text', 'java.lang.NullPointerException: Attempt to get length of array on a null object reference');
        }
        device.inputEvents.push({ kind: 'text', text, at: device.now() });
        device.typedText.push(text);
        device.graph.type(text);
        return 0;
      }
      case 'keyevent': {
        const longPress = args.includes('--longpress');
        const codes = args.filter((a) => !a.startsWith('--'));
        if (!codes.length) return usage(io, 'keyevent', 'Argument expected after "keyevent"');
        for (const c of codes) {
          const code = keyCodeFromString(c);
          if (code === null) return exception(io, 'keyevent', `java.lang.IllegalArgumentException: Unknown keycode: ${c}`);
          device.pressKey(code, longPress);
        }
        return 0;
      }
      case 'motionevent': {
        const action = (args[0] ?? '').toUpperCase();
        const p = numbers(args.slice(1), 2);
        if (!['DOWN', 'MOVE', 'UP', 'CANCEL'].includes(action) || !p) return usage(io, 'motionevent', 'Invalid arguments for command: motionevent');
        device.motionEvent(action as 'DOWN' | 'MOVE' | 'UP' | 'CANCEL', p[0] as number, p[1] as number);
        return 0;
      }
      default:
        return usage(io, command ?? '', `Unknown command: ${command ?? ''}`);
    }
  };
  return { input };
}
