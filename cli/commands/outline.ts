import { Command, Option } from 'commander';
import { ok, type Envelope } from '../../core/contract/envelope.js';
import { TREE_FORMATS, type TreeFormat } from '../../core/importers/index.js';
import { buildSnapshot } from '../../core/outline/build.js';
import { diffSnapshots, renderSettledDiff } from '../../core/outline/diff.js';
import { outlineJson } from '../../core/outline/json.js';
import { renderOutline } from '../../core/outline/render.js';
import type { Snapshot } from '../../core/outline/snapshot.js';
import { readDump } from './dump-file.js';
import { runLocal, usageError } from './local-run.js';

interface OutlineOptions {
  file: string;
  format?: TreeFormat;
  encoding?: string;
  scale?: string;
  json?: boolean;
  interactive?: boolean;
  skeleton?: boolean;
  full?: boolean;
  frames?: boolean;
  raw?: boolean;
  diff?: string;
}

function snapshotOf(path: string, options: OutlineOptions): Snapshot {
  const scale = options.scale === undefined ? undefined : Number(options.scale);
  if (scale !== undefined && !(Number.isFinite(scale) && scale > 0)) throw usageError(`--scale wants a positive number, got "${options.scale}"`);
  const dump = readDump(path, {
    ...(options.format ? { format: options.format } : {}),
    ...(options.encoding ? { encoding: options.encoding } : {}),
    ...(scale ? { scale } : {}),
  });
  return buildSnapshot(dump);
}

function outlineEnvelope(options: OutlineOptions): { envelope: Envelope; text: string } {
  if (options.skeleton && options.full) throw usageError('--skeleton and --full contradict each other');
  const before = snapshotOf(options.file, options);
  if (options.diff !== undefined) {
    const after = snapshotOf(options.diff, options);
    const text = renderSettledDiff(before, after);
    return { envelope: ok('outline', { diff: diffSnapshots(before, after), text }), text };
  }
  const view = { interactive: options.interactive === true, skeleton: options.full ? false : options.skeleton ? true : ('auto' as const) };
  const text = renderOutline(before, { ...view, frames: options.frames ? 'all' : 'auto' });
  return { envelope: ok('outline', outlineJson(before, { ...view, raw: options.raw === true })), text };
}

/** `simlab outline --file <dump>`: the outline of a captured tree, read locally (no lab needed). */
export function outlineCommand(): Command {
  return new Command('outline')
    .description('the outline of a captured UI tree dump (or the settled diff between two dumps)')
    .requiredOption('--file <dump>', 'a captured UI tree (uiautomator / Appium / XCUITest XML, Rico, WDA, idb/AXe, Maestro or CDP JSON); - reads standard input')
    .addOption(new Option('--format <format>', 'the dump format (default: detected)').choices([...TREE_FORMATS]))
    .option('--encoding <label>', 'the text encoding, when the file does not tell it truly (default: its BOM or the zero bytes of UTF-16, else its XML declaration, else UTF-8)')
    .option('--scale <n>', 'device pixels per point (default: per format)')
    .option('--diff <dump>', 'a second dump: print the settled diff from --file to it')
    .option('--interactive', 'only what takes an action, with the nearest label of each unlabelled one')
    .option('--skeleton', 'a skeleton: bars, list heads and tails, counts of what is left out')
    .option('--full', 'never switch to a skeleton, however large the screen')
    .option('--frames', 'print every element\'s frame (by default only where words cannot place it)')
    .option('--raw', 'with --json: include the cleaned tree')
    .option('--json', 'print the envelope as JSON')
    .addHelpText('after', '\nExamples:\n  simlab outline --file dump.xml\n  simlab outline --file before.xml --diff after.xml\n  simlab outline --file dump.json --json --interactive\n')
    .action((options: OutlineOptions) => runLocal('outline', options, () => outlineEnvelope(options)));
}
