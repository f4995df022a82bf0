import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { withDeviceOption, type LabOptions } from './context.js';
import { reportUsage } from './output.js';
import { sendAction } from './send-action.js';

type BatchOptions = LabOptions & { file?: string };

/** Steps text bigger than this is refused before parsing (the hub takes 20 steps in 256 KiB). */
const MAX_STEPS_BYTES = 256 * 1024;

/** `simlab batch`: several actions in one call, stopping at the first failure, one settled diff at the end. */
export function batchCommand(): Command {
  return withDeviceOption(new Command('batch'))
    .description('several actions in one call: stops at the first failure, answers one settled diff at the end')
    .argument('[steps]', 'a JSON array of {"command": "tap", "args": {"target": "@3"}} (or --file)')
    .option('--file <path>', 'read the steps from a JSON file (- for standard input)')
    .addHelpText('after', `\nExample:\n  simlab batch '[{"command":"tap","args":{"target":"#display-name"}},{"command":"type","args":{"text":"Ada"}},{"command":"tap","args":{"target":"#save-settings"}}]'\n`)
    .action(async (steps: string | undefined, options: BatchOptions) => {
      if ((steps === undefined) === (options.file === undefined)) return reportUsage('batch', 'give the steps as one JSON argument or with --file', options);
      const text = steps ?? readFileSync(options.file === '-' ? 0 : (options.file as string), 'utf8');
      if (text.length > MAX_STEPS_BYTES) return reportUsage('batch', `the steps are over ${MAX_STEPS_BYTES} bytes`, options);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        return reportUsage('batch', `the steps are not JSON: ${(err as Error).message}`, options);
      }
      await sendAction('batch', { steps: parsed }, options);
    });
}
