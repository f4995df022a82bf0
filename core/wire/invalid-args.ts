import type { z } from 'zod';
import { SimlabError } from '../contract/envelope.js';

/** One zod issue as the envelope's details carry it: a plain path and the message. */
export interface ArgIssue {
  path: string[];
  message: string;
}

/** `path: message; ...`, naming the whole value `root` where an issue has no path. */
export function issuesText(issues: readonly z.core.$ZodIssue[], root: string): string {
  return issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');
}

/**
 * The INVALID_ARGS error for input a schema refused, written once for every boundary (REST,
 * the dashboard's socket, the worker protocol, the device session, the CLI): the message says
 * what was bad (`what: path: message; ...`), the details list the issues.
 */
export function invalidArgs(what: string, issues: readonly z.core.$ZodIssue[], root = '(args)'): SimlabError {
  const listed: ArgIssue[] = issues.map((i) => ({ path: i.path.map(String), message: i.message }));
  return new SimlabError('INVALID_ARGS', `${what}: ${issuesText(issues, root)}`, { details: { issues: listed } });
}
