// `getevent -p[l]` lists the input devices; `sendevent DEVICE TYPE CODE VALUE` writes raw events
// to the touchscreen (refused, as on real phones since Android 10, unless emulator-like).
import type { CommandHandler } from '../sh-run.js';
import type { DeviceParts } from '../device-parts.js';
import { TOUCH_DEVICE, describeInputDevices } from '../touchscreen.js';

/** toybox's number parsing: decimal, 0x hex, 0 octal, with a sign. */
function parseNumber(text: string): number | null {
  const m = /^([+-]?)(0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)$/i.exec(text);
  if (!m) return null;
  const body = m[2] as string;
  const value = body.toLowerCase().startsWith('0x') ? parseInt(body.slice(2), 16) : body.length > 1 && body.startsWith('0') ? parseInt(body, 8) : Number(body);
  return m[1] === '-' ? -value : value;
}

export function touchCommands(device: DeviceParts): Record<string, CommandHandler> {
  return {
    getevent: async (argv, io) => {
      const flags = argv.slice(1).filter((a) => a.startsWith('-')).join('');
      await io.stdout.write(describeInputDevices(flags.includes('l')));
      return 0;
    },
    sendevent: async (argv, io) => {
      if (argv.length !== 5) {
        await io.stderr.write('usage: sendevent DEVICE TYPE CODE VALUE\n\nSends a Linux input event.\n');
        return 1;
      }
      const [, path, ...nums] = argv as [string, string, string, string, string];
      if (path !== TOUCH_DEVICE && path !== '/dev/input/event0') {
        await io.stderr.write(`sendevent: ${path}: No such file or directory\n`);
        return 1;
      }
      if (!device.config.sendeventAllowed) {
        await io.stderr.write(`sendevent: ${path}: Permission denied\n`);
        return 1;
      }
      const values = nums.map(parseNumber);
      if (values.some((v) => v === null)) {
        await io.stderr.write(`sendevent: not integer: ${nums[values.findIndex((v) => v === null)]}\n`);
        return 1;
      }
      const [type, code, value] = values as [number, number, number];
      if (path === TOUCH_DEVICE) device.touch.event(type, code, value | 0, device.now());
      return 0;
    },
  };
}
