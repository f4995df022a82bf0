import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Command } from 'commander';
import { parse as parseYaml, stringify as yamlText } from 'yaml';
import { fail, ok } from '../../core/contract/envelope.js';
import { FlowSchema, type FlowRun } from '../../core/flows/flow-schema.js';
import { issuesText } from '../../core/wire/invalid-args.js';
import { labApi, resolveDevice, withDeviceOption, withLabOptions, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';
import { num } from './send-action.js';

/** A flow file larger than this is refused before it is read (a flow of 100 steps is a few dozen KiB). */
const MAX_FLOW_FILE_BYTES = 1024 * 1024;

type ExportOptions = LabOptions & { output: string; format?: string; from?: string; to?: string; name?: string };
type RunOptions = LabOptions & { record: boolean };

const isYaml = (file: string) => ['.yaml', '.yml'].includes(extname(file).toLowerCase());

function exportCommand(): Command {
  return withLabOptions(new Command('export'))
    .description("a session's actions as a flow: stable selectors (#id, text=, role=...[label=], #K) instead of @N or points, each step's expected change and the end screen")
    .argument('<session>', 'the session id (`simlab log --json` shows it)')
    .requiredOption('-o, --output <file>', 'where to write it: .json, or .yaml/.yml for YAML')
    .option('--format <format>', 'simlab (our flow, for `simlab flow run`) or maestro (Maestro YAML; steps it has no command for are listed)', 'simlab')
    .option('--from <n>', 'first action of the session to take (from 1)')
    .option('--to <n>', 'last action to take')
    .option('--name <name>', 'a name for the flow')
    .action(async (session: string, options: ExportOptions) => {
      const format = options.format ?? 'simlab';
      if (format !== 'simlab' && format !== 'maestro') return reportUsage('flow.export', `unknown format ${format}: simlab or maestro`, options);
      const query: { from?: number; to?: number; name?: string } = {};
      for (const key of ['from', 'to'] as const) {
        if (options[key] === undefined) continue;
        const n = num(options[key]);
        if (!Number.isSafeInteger(n) || n < 1) return reportUsage('flow.export', `--${key} must be a whole number from 1`, options);
        query[key] = n;
      }
      if (options.name !== undefined) query.name = options.name;
      const exported = await labApi(options).flowExport(session, query);
      if (!exported.ok) return report(exported, options);
      const { flow, maestro } = exported.data;
      const text = format === 'maestro' ? maestro.yaml : isYaml(options.output) ? yamlText(flow) : `${JSON.stringify(flow, null, 2)}\n`;
      try {
        writeFileSync(options.output, text);
      } catch (err) {
        return report(fail('flow.export', 'INVALID_ARGS', `cannot write ${options.output}: ${(err as Error).message}`), options);
      }
      const unmapped = format === 'maestro' ? maestro.unmapped : [];
      report(ok('flow.export', { file: options.output, format, steps: flow.steps.length, unmapped }), options, (d) =>
        [`wrote ${d.file} (${d.steps} steps, ${d.format})`, ...d.unmapped.map((u) => `  step ${u.step} (${u.command}) not in Maestro: ${u.why}`)].join('\n'),
      );
    });
}

/** Reads a flow file: bounded in size, JSON or YAML (YAML aliases bounded by the parser), checked against the flow schema. */
function readFlow(file: string): { ok: true; flow: unknown; steps: number } | { ok: false; message: string } {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (err) {
    return { ok: false, message: `cannot read ${file}: ${(err as Error).message}` };
  }
  if (size > MAX_FLOW_FILE_BYTES) return { ok: false, message: `${file} is ${size} bytes; a flow file is at most ${MAX_FLOW_FILE_BYTES}` };
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = isYaml(file) ? parseYaml(text, { maxAliasCount: 50 }) : JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${file} is not ${isYaml(file) ? 'YAML' : 'JSON'}: ${(err as Error).message.split('\n')[0]}` };
  }
  const checked = FlowSchema.safeParse(value);
  if (!checked.success) return { ok: false, message: `${file} is not a flow: ${issuesText(checked.error.issues, 'flow')}` };
  return { ok: true, flow: checked.data, steps: checked.data.steps.length };
}

function runText(run: FlowRun): string {
  const lines = run.steps.map((s) => `step ${s.step} ${s.command}: ${s.status === 'changed' ? 'changed differently' : s.status}`);
  if (run.endSame !== null) lines.push(run.endSame ? 'ended on the recorded screen' : 'ended on another screen than the recorded one');
  if (run.recordingId) lines.push(`recording ${run.recordingId}`);
  return lines.join('\n');
}

function runCommand(): Command {
  return withDeviceOption(new Command('run'))
    .description('replays a flow on the leased device, step by step, stopping at the first failure; reports each step ok, changed differently or target not found, and whether it ended on the recorded screen')
    .argument('<file>', 'a flow file (.json, or .yaml/.yml) from `simlab flow export`')
    .option('--no-record', 'do not record the lease while the flow runs')
    .action(async (file: string, options: RunOptions) => {
      const read = readFlow(file);
      if (!read.ok) return reportUsage('flow.run', read.message, options);
      const api = labApi(options);
      const device = await resolveDevice(api, options, 'flow.run');
      if (!device.ok) return report(device, options);
      report(await api.runFlow(device.data, read.flow, options.record, read.steps), options, runText);
    });
}

/** `simlab flow export|run`: a recorded session as a replayable script, and replaying it. */
export function flowCommand(): Command {
  return new Command('flow').description('export a session as a flow (or Maestro YAML) and run it again on a device').addCommand(exportCommand()).addCommand(runCommand());
}
