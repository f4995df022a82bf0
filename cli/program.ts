import { Command, CommanderError } from 'commander';
import { fail } from '../core/contract/envelope.js';
import { EXIT_USAGE_ERROR } from './commands/local-run.js';
import { VERB_LOADERS } from './commands/verb-loaders.js';

function allCommands(c: Command): Command[] {
  return [c, ...c.commands.flatMap(allCommands)];
}

/**
 * The simlab program with the commands argv needs: only the named verb's module when the
 * verb is known (see VERB_LOADERS), every command otherwise (help, an unknown word). Usage
 * mistakes throw CommanderError instead of exiting (see runCli).
 */
async function buildProgram(argv: string[], json: boolean): Promise<Command> {
  const program = new Command('simlab')
    .description('a remote device lab for people and AI agents: outlines, selectors, actions')
    .version('0.1.0')
    .showHelpAfterError(json ? false : '(add --help for usage)');
  const verb = argv[2];
  const load = verb === undefined ? undefined : VERB_LOADERS[verb];
  if (load) {
    for (const command of await load()) program.addCommand(command);
  } else {
    const [{ outlineCommand }, { registerLabCommands }] = await Promise.all([import('./commands/outline.js'), import('./commands/index.js')]);
    program.addCommand(outlineCommand());
    registerLabCommands(program);
  }
  for (const c of allCommands(program)) {
    c.exitOverride();
    c.configureOutput({ writeErr: (s) => (json ? undefined : process.stderr.write(s)) });
  }
  return program;
}

/** Runs the CLI: usage errors exit 2, with an INVALID_ARGS envelope when --json was asked. */
export async function runCli(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const program = await buildProgram(argv, json);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.exitCode === 0) return;
    const named = argv.slice(2).find((a) => !a.startsWith('-'));
    const command = named !== undefined && program.commands.some((c) => c.name() === named) ? named : 'simlab';
    if (json) {
      const message = err.message.replace(/^error: /, '');
      process.stdout.write(`${JSON.stringify(fail(command, 'INVALID_ARGS', message, { hint: `run \`simlab ${command === 'simlab' ? '' : `${command} `}--help\`` }), null, 2)}\n`);
    }
    process.exitCode = EXIT_USAGE_ERROR;
  }
}
