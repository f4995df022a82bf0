import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { fail } from '../../core/contract/envelope.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';
import { report } from './output.js';

type ExportOptions = LabOptions & { output: string };

/** `simlab evidence export <session> -o file.zip`: the session's video, steps and a viewer that opens from file://. */
export function evidenceCommand(): Command {
  const exportCommand = withLabOptions(new Command('export'))
    .description("a session's evidence as a zip: the MP4, actions as JSON, outlines, screenshots and a self-contained HTML viewer")
    .argument('<session>', 'the session id (`simlab log --json` shows it)')
    .requiredOption('-o, --output <file>', 'where to write the zip')
    .action(async (session: string, options: ExportOptions) => {
      const api = labApi(options);
      const bundle = await api.evidence(session);
      if (!bundle.ok) return report(bundle, options);
      try {
        writeFileSync(options.output, bundle.data);
      } catch (err) {
        return report(fail('evidence.export', 'INVALID_ARGS', `cannot write ${options.output}: ${(err as Error).message}`), options);
      }
      const written = { version: '1' as const, ok: true as const, command: 'evidence.export', data: { file: options.output, bytes: bundle.data.length } };
      report(written, options, (d) => `wrote ${d.file} (${d.bytes} bytes): unzip it and open index.html`);
    });
  return new Command('evidence').description("take a session's evidence elsewhere").addCommand(exportCommand);
}
