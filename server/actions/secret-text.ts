import type { ActionRecord, Role } from '../store/store.js';

/** Who reads an action log: a token (null: a share link, which reads as nobody in particular). */
export interface Reader {
  tokenId: string;
  role: Role;
}

export const REDACTED = '[secret]';
/** Shorter secrets are hidden where they are named (the arguments, the field value), not searched for in every text. */
const MIN_SEARCHED = 3;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function secretOf(command: unknown, args: unknown): string | null {
  if (command !== 'type' || !isObject(args) || args.secret !== true || typeof args.text !== 'string' || args.text === '') return null;
  return args.text;
}

/** The texts an action typed with `secret: true`, itself or as a step of a batch. */
export function secretTexts(a: Pick<ActionRecord, 'command' | 'args'>): string[] {
  const own = secretOf(a.command, a.args);
  if (own !== null) return [own];
  if (a.command !== 'batch' || !isObject(a.args) || !Array.isArray(a.args.steps)) return [];
  return a.args.steps.flatMap((step: unknown) => {
    const text = isObject(step) ? secretOf(step.command, step.args) : null;
    return text === null ? [] : [text];
  });
}

function hide(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((s, secret) => (secret.length >= MIN_SEARCHED ? s.replaceAll(secret, REDACTED) : s), value);
  if (Array.isArray(value)) return value.map((v) => hide(v, secrets));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    // The typed text itself, and where a type answer names it: the field's value, what was expected and found.
    const named = key === 'text' || key === 'value' || key === 'expected' || key === 'actual';
    out[key] = named && typeof v === 'string' && v !== '' && secrets.some((secret) => v.includes(secret) || secret.includes(v)) ? REDACTED : hide(v, secrets);
  }
  return out;
}

/**
 * An action as `reader` may see it (issue 18, item 6): text typed with `secret: true` (and the
 * field value, diff and outlines that would repeat it) is hidden from everyone but the token
 * that typed it and admins. The store keeps it whole, readable by the hub's user only.
 */
export function readableBy(a: ActionRecord, reader: Reader | null): ActionRecord {
  const secrets = secretTexts(a);
  if (secrets.length === 0 || (reader !== null && (reader.role === 'admin' || reader.tokenId === a.tokenId))) return a;
  const text = (v: string | null) => (v === null ? null : (hide(v, secrets) as string));
  return {
    ...a,
    args: hide(a.args, secrets),
    envelope: hide(a.envelope, secrets),
    diff: text(a.diff),
    outlineBefore: text(a.outlineBefore),
    outlineAfter: text(a.outlineAfter),
  };
}
