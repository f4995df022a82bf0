import type { Envelope } from '../../core/contract/envelope.js';
import { fail } from '../../core/contract/envelope.js';

/** Exit codes of every simlab command: 0 success, 1 device or command error, 2 usage error. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

function exitCodeOf(envelope: Envelope): number {
  if (envelope.ok) return EXIT_OK;
  return envelope.error.code === 'INVALID_ARGS' ? EXIT_USAGE : EXIT_FAILED;
}

export interface PrintOptions {
  json?: boolean;
}

/**
 * Prints an envelope (as JSON with --json, else the human form of its data or its error)
 * and sets the exit code. Output goes through process.exitCode so stdout is flushed.
 */
export function report<T>(envelope: Envelope<T>, options: PrintOptions, human: (data: T) => string = defaultHuman): void {
  if (options.json) {
    process.stdout.write(`${JSON.stringify(envelope, null, 2)}\n`);
  } else if (envelope.ok) {
    const text = human(envelope.data);
    if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  } else {
    process.stderr.write(errorText(envelope));
  }
  process.exitCode = exitCodeOf(envelope);
}

/** A usage mistake caught before anything was sent: INVALID_ARGS, exit code 2. */
export function reportUsage(command: string, message: string, options: PrintOptions, hint?: string): void {
  report(fail(command, 'INVALID_ARGS', message, hint ? { hint } : {}), options);
}

export function errorText(envelope: Envelope): string {
  if (envelope.ok) return '';
  const { error } = envelope;
  const lines = [`error ${error.code}: ${error.message}`];
  if (error.hint) lines.push(`hint: ${error.hint}`);
  lines.push(`delivery: ${error.disposition.delivery}, retry: ${error.disposition.retry}`);
  if (error.retry_after_ms !== undefined) lines.push(`retry after: ${error.retry_after_ms} ms`);
  if (error.details && Object.keys(error.details).length > 0) lines.push(`details: ${JSON.stringify(error.details)}`);
  return `${lines.join('\n')}\n`;
}

function defaultHuman(data: unknown): string {
  if (data === undefined || data === null) return 'ok';
  if (typeof data === 'string') return data;
  return JSON.stringify(data, null, 2);
}
