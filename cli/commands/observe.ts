import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { fail } from '../../core/contract/envelope.js';
import { labApi, resolveDevice, withDeviceOption, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';
import { jsonText, outlineText, sinceText } from './render.js';

type UiOptions = LabOptions & { interactive?: boolean; since?: string; wait?: boolean; pixels?: boolean };
type ShotOptions = LabOptions & { output?: string; scale?: string; format?: string; crop?: string };

export function uiCommand(): Command {
  return withDeviceOption(new Command('ui'))
    .description('the outline of the screen: one line per element, each addressable as @N')
    .option('--interactive', 'only what takes an action, with the nearest label of each unlabelled one; says how many lines were left out')
    .option('--since <snapshot>', 'the settled diff against an earlier snapshot id instead of the whole outline')
    .option('--no-wait', 'do not wait for the screen to be still')
    .option('--pixels', 'read the screen\'s pixels too (OCR): text the tree lacks comes as (pixel) lines; tree/pixel disagreements are listed')
    .action(async (options: UiOptions) => {
      const api = labApi(options);
      const device = await resolveDevice(api, options, 'outline', true);
      if (!device.ok) return report(device, options);
      const answer = await api.outline(device.data, {
        format: options.json ? 'json' : 'text',
        ...(options.interactive ? { interactive: true } : {}),
        ...(options.since ? { since: options.since } : {}),
        ...(options.wait === false ? { wait: false } : {}),
        ...(options.pixels ? { pixels: true } : {}),
      });
      report(answer, options, (data) => (options.since ? sinceText(data) : outlineText(data)));
    });
}

export function screenshotCommand(): Command {
  return withDeviceOption(new Command('screenshot'))
    .description('save a screenshot (1 image pixel = 1 point unless --scale)')
    .requiredOption('-o, --output <file>', 'where to write the image')
    .option('--scale <n>', 'image pixels per point (default 1)')
    .option('--format <jpeg|png>', 'image format (default from the file name, else jpeg)')
    .option('--crop <x,y,w,h>', 'only this rectangle, in points')
    .action(async (options: ShotOptions) => {
      const output = options.output as string;
      const format = options.format ?? (/\.png$/i.test(output) ? 'png' : 'jpeg');
      if (format !== 'jpeg' && format !== 'png') return reportUsage('screenshot', `--format is jpeg or png, not "${format}"`, options);
      if (options.crop !== undefined && !/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){3}\s*$/.test(options.crop)) {
        return reportUsage('screenshot', `--crop wants x,y,w,h in points, got "${options.crop}"`, options);
      }
      const scale = options.scale === undefined ? undefined : Number(options.scale);
      if (scale !== undefined && !(scale > 0 && scale <= 4)) return reportUsage('screenshot', `--scale wants a number in (0, 4], got "${options.scale}"`, options);
      const api = labApi(options);
      const device = await resolveDevice(api, options, 'screenshot', true);
      if (!device.ok) return report(device, options);
      const answer = await api.screenshot(device.data, { format, ...(scale ? { scale } : {}), ...(options.crop ? { crop: options.crop } : {}) });
      if (!answer.ok) return report(answer, options);
      const image = imageOf(answer.data);
      if (!image) return report(fail('screenshot', 'INTERNAL', 'the answer carried no image', { delivery: 'not_delivered' }), options);
      writeFileSync(output, image.bytes);
      report({ ...answer, data: { ...image.meta, file: output, bytes: image.bytes.length } }, options, () => `wrote ${output} (${image.bytes.length} bytes)`);
    });
}

/** The image bytes of a screenshot answer (base64 in `data`) and the rest of its fields. */
function imageOf(data: unknown): { bytes: Buffer; meta: Record<string, unknown> } | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const { data: encoded, base64, ...meta } = data as Record<string, unknown>;
  const text = typeof encoded === 'string' ? encoded : typeof base64 === 'string' ? base64 : undefined;
  if (text === undefined) return undefined;
  return { bytes: Buffer.from(text, 'base64'), meta };
}

export function appStateCommand(): Command {
  return withDeviceOption(new Command('app-state'))
    .description('what the app reports: app or URL, title, scroll offsets')
    .action(async (options: LabOptions) => {
      const api = labApi(options);
      const device = await resolveDevice(api, options, 'app-state', true);
      if (!device.ok) return report(device, options);
      report(await api.appState(device.data), options, jsonText);
    });
}
