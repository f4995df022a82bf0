// `screencap` (PNG or raw RGBA with its header) and `screenrecord` (H.264 elementary stream to
// stdout, or MP4 to a file) of the rendered current screen.
import type { CommandHandler } from '../sh-run.js';
import { collector } from '../sh-run.js';
import type { DeviceParts } from '../device-parts.js';
import { normalizePath } from '../fs.js';
import { renderRgba } from '../../render.js';
import { recordScreen } from '../../recorder.js';

const MAX_TIME_LIMIT_S = 180;

function parseBitRate(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text);
  if (!m) return null;
  const mult = m[2] === '' ? 1 : /k/i.test(m[2] as string) ? 1e3 : 1e6;
  return Math.round(Number(m[1]) * mult);
}

export function screenCommands(device: DeviceParts): Record<string, CommandHandler> {
  const { config } = device;
  return {
    screencap: async (argv, io) => {
      const args = argv.slice(1);
      const png = args.includes('-p');
      const file = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '-d').pop();
      const image = await device.screenPng();
      let out: Buffer;
      if (png || file?.endsWith('.png')) out = image;
      else {
        const header = Buffer.alloc(config.identity.sdk >= 28 ? 16 : 12);
        header.writeUInt32LE(config.width, 0);
        header.writeUInt32LE(config.height, 4);
        header.writeUInt32LE(1, 8);
        out = Buffer.concat([header, await renderRgba(image)]);
      }
      if (file) device.fs.writeFile(normalizePath(file, io.cwd), out);
      else await io.stdout.write(out);
      return 0;
    },
    screenrecord: async (argv, io) => {
      const opts = { format: 'mp4' as 'h264' | 'mp4', timeLimit: MAX_TIME_LIMIT_S, bitRate: 20_000_000, size: null as { width: number; height: number } | null };
      let output: string | undefined;
      const args = argv.slice(1);
      for (let i = 0; i < args.length; i++) {
        const a = args[i] as string;
        const [flag, inline] = a.startsWith('--') ? (a.split(/=(.*)/s, 2) as [string, string | undefined]) : [a, undefined];
        const value = () => inline ?? args[++i] ?? '';
        if (flag === '--output-format') {
          const f = value();
          if (f !== 'h264' && f !== 'mp4') {
            await io.stderr.write(`Unknown format '${f}'\n`);
            return 2;
          }
          opts.format = f;
        } else if (flag === '--time-limit') {
          const t = Number(value());
          if (!Number.isFinite(t) || t <= 0 || t > MAX_TIME_LIMIT_S) {
            await io.stderr.write(`Time limit must be between 1 and ${MAX_TIME_LIMIT_S} seconds\n`);
            return 2;
          }
          opts.timeLimit = t;
        } else if (flag === '--bit-rate') {
          const b = parseBitRate(value());
          if (!b) {
            await io.stderr.write('Invalid bit rate\n');
            return 2;
          }
          opts.bitRate = b;
        } else if (flag === '--size') {
          const m = /^(\d+)x(\d+)$/.exec(value());
          if (!m) {
            await io.stderr.write('Invalid size, must be width x height\n');
            return 2;
          }
          opts.size = { width: Number(m[1]), height: Number(m[2]) };
        } else if (flag === '--verbose' || flag === '--bugreport' || flag === '--rotate') {
          continue;
        } else if (!flag.startsWith('-') || flag === '-') {
          output = flag;
        } else {
          await io.stderr.write(`Unknown option '${flag}'\n`);
          return 2;
        }
      }
      if (!output) {
        await io.stderr.write('Must specify output file (see --help).\n');
        return 2;
      }
      const toStdout = output === '-';
      const file = toStdout ? null : collector();
      device.activeRecordings++;
      const begun = device.now();
      const status = await recordScreen({
        // Each frame shows the screen at its own instant on the display's steady clock.
        frame: (ms) => device.screenPng(begun + ms),
        fps: config.recordFps,
        timeLimitMs: opts.timeLimit * 1000,
        bitRate: opts.bitRate,
        size: opts.size,
        format: toStdout ? 'h264' : opts.format,
        write: (chunk) => (file ? file.write(chunk) : io.stdout.write(chunk)),
        signal: io.signal,
      }).finally(() => device.activeRecordings--);
      if (file && output) device.fs.writeFile(normalizePath(output, io.cwd), file.bytes());
      return status;
    },
  };
}
