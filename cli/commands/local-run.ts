import { failFrom, SimlabError, type Envelope } from '../../core/contract/envelope.js';
import { errorText } from './output.js';

/** Exit codes: 0 ok, 1 the command failed (bad dump, missing file), 2 the command line was wrong. */
export const EXIT_COMMAND_ERROR = 1;
export const EXIT_USAGE_ERROR = 2;

/** A mistake in the command line itself (as opposed to in what it points at). */
export class UsageError extends SimlabError {}

export function usageError(message: string, hint?: string): UsageError {
  return new UsageError('INVALID_ARGS', message, hint ? { hint } : {});
}

/**
 * Runs a command that works on local files: prints its text (or its envelope with --json),
 * or the error, and sets the exit code.
 */
export function runLocal(command: string, options: { json?: boolean }, run: () => { envelope: Envelope; text: string }): void {
  let result: { envelope: Envelope; text: string };
  try {
    result = run();
  } catch (err) {
    const envelope = failFrom(command, err, 'not_delivered');
    if (options.json) process.stdout.write(`${JSON.stringify(envelope, null, 2)}\n`);
    else process.stderr.write(errorText(envelope));
    process.exitCode = err instanceof UsageError ? EXIT_USAGE_ERROR : EXIT_COMMAND_ERROR;
    return;
  }
  process.stdout.write(options.json ? `${JSON.stringify(result.envelope, null, 2)}\n` : result.text);
  process.exitCode = 0;
}
