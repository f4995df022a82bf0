import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Command } from 'commander';
import { fail, ok } from '../../core/contract/envelope.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';
import { num } from './send-action.js';

type ClipOptions = LabOptions & { output: string; steps?: string; recording?: string; start?: string; end?: string; width?: string };

/** `2-4` or `3`: the first and last step. */
function stepRange(text: string): { from: number; to: number } | undefined {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!m) return undefined;
  return { from: Number(m[1]), to: Number(m[2] ?? m[1]) };
}

/** `simlab clip <session> --steps 2-4 -o clip.gif`: a stretch of a session's recording as MP4 or GIF. */
export function clipCommand(): Command {
  return withLabOptions(new Command('clip'))
    .description("a clip of a session's recording as MP4 or GIF (by the file's extension), by steps or by time, cut on the hub")
    .argument('<session>', 'the session id (`simlab log --json` shows it)')
    .requiredOption('-o, --output <file>', 'where to write it: .gif for a GIF (at most 30 s), else MP4 (at most 5 min)')
    .option('--steps <range>', 'steps to show, e.g. 2-4 or 3 (a little before the first and after the last is kept)')
    .option('--recording <id>', 'the recording to cut by time (default: the session\'s only one)')
    .option('--start <ms>', 'start, in ms from the video\'s start')
    .option('--end <ms>', 'end, in ms from the video\'s start')
    .option('--width <px>', 'width in pixels (the height follows)')
    .action(async (session: string, options: ClipOptions) => {
      const format = extname(options.output).toLowerCase() === '.gif' ? 'gif' : 'mp4';
      const query: Parameters<ReturnType<typeof labApi>['clip']>[1] = { format };
      if (options.steps !== undefined) {
        const range = stepRange(options.steps);
        if (!range) return reportUsage('clip', `--steps ${options.steps}: give a step or a range like 2-4`, options);
        Object.assign(query, range);
      } else if (options.start !== undefined && options.end !== undefined) {
        Object.assign(query, { start: num(options.start), end: num(options.end) });
        if (options.recording !== undefined) query.recording = options.recording;
      } else {
        return reportUsage('clip', 'say what to cut: --steps 2-4, or --start and --end (ms)', options);
      }
      if (options.width !== undefined) query.width = num(options.width);
      const clip = await labApi(options).clip(session, query);
      if (!clip.ok) return report(clip, options);
      try {
        writeFileSync(options.output, clip.data);
      } catch (err) {
        return report(fail('clip', 'INVALID_ARGS', `cannot write ${options.output}: ${(err as Error).message}`), options);
      }
      report(ok('clip', { file: options.output, format, bytes: clip.data.length }), options, (d) => `wrote ${d.file} (${d.format}, ${d.bytes} bytes)`);
    });
}
