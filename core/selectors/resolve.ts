import { SimlabError } from '../contract/envelope.js';
import { collapseSpace } from '../outline/format.js';
import { shortId } from '../outline/ids.js';
import type { OutlineElement, Snapshot } from '../outline/snapshot.js';
import { parseSelector } from './parse.js';
import type { AttributeTest, Selector } from './selector.js';

export interface ResolveContext {
  /** The latest snapshot (of this lease): what `@N` means. */
  latest: Snapshot;
  /** Earlier snapshots still known, for `@<snapshot>:N`. */
  byId?: (snapshotId: string) => Snapshot | undefined;
}

/** Candidates listed in an AMBIGUOUS_TARGET error. */
const MAX_CANDIDATES = 10;

function describe(el: OutlineElement): { ref: string; role: string; label?: string } {
  return el.label === undefined ? { ref: `@${el.index}`, role: el.role } : { ref: `@${el.index}`, role: el.role, label: el.label };
}

function notFound(selector: string, snapshot: Snapshot, message: string, hint: string): SimlabError {
  return new SimlabError('NOT_FOUND', message, { hint, details: { selector, snapshot: snapshot.id } });
}

/**
 * Text compares as the outline prints it: whitespace runs as one space, and a value ending in
 * `…` (copied from a label the outline cut) matches the labels it starts.
 */
function equalText(field: string, want: string): boolean {
  const f = collapseSpace(field);
  const w = collapseSpace(want);
  return f === w || (w.endsWith('…') && w.length > 1 && f.startsWith(w.slice(0, -1)));
}

function passes(el: OutlineElement, t: AttributeTest): boolean {
  if (t.name === 'id') {
    const ids = el.id === undefined ? [] : [el.id, shortId(el.id)];
    return t.op === '=' ? ids.includes(t.value) : ids.some((f) => f.toLowerCase().includes(t.value.toLowerCase()));
  }
  const fields = (t.name === 'text' ? [el.label, el.value] : [el[t.name]]).filter((f): f is string => f !== undefined);
  if (t.op === '=') return fields.some((f) => equalText(f, t.value));
  const want = collapseSpace(t.value).toLowerCase();
  return fields.some((f) => collapseSpace(f).toLowerCase().includes(want));
}

function matching(selector: Selector, snapshot: Pick<Snapshot, 'elements'>): OutlineElement[] {
  switch (selector.kind) {
    case 'ref':
      return snapshot.elements.filter((e) => e.index === selector.index);
    case 'cell':
      return snapshot.elements.filter((e) => e.list?.list === selector.list && e.list.cell === selector.cell);
    case 'id':
      return snapshot.elements.filter((e) => e.id !== undefined && (e.id === selector.id || shortId(e.id) === selector.id));
    case 'match':
      return snapshot.elements.filter((e) => (selector.role === undefined || e.role === selector.role) && selector.tests.every((t) => passes(e, t)));
  }
}

/** Labels that nearly match (any case, contained), to point a caller at what is there. */
function nearLabels(selector: Selector, snapshot: Snapshot): string[] {
  if (selector.kind !== 'match') return [];
  const words = selector.tests.map((t) => t.value.toLowerCase()).filter((w) => w.length > 0);
  const out = new Set<string>();
  for (const e of snapshot.elements) {
    const l = e.label?.toLowerCase();
    if (l && words.some((w) => l.includes(w) || w.includes(l))) out.add(`@${e.index} ${e.role} ${JSON.stringify(e.label)}`);
  }
  return [...out].slice(0, 5);
}

function snapshotFor(selector: Selector, text: string, ctx: ResolveContext): Snapshot {
  if (selector.kind !== 'ref' || selector.snapshot === undefined || selector.snapshot === ctx.latest.id) return ctx.latest;
  const known = ctx.byId?.(selector.snapshot);
  if (known) return known;
  // A well-formed ref to a snapshot we no longer hold (or never took) names a screen that is gone: stale, not missing.
  throw new SimlabError('STALE_REF', `snapshot ${selector.snapshot} is not known (the latest is ${ctx.latest.id})`, {
    hint: `take a new outline and use its refs, e.g. @${ctx.latest.id}:N or @N`,
    details: { selector: text, snapshot: selector.snapshot, latest: ctx.latest.id },
  });
}

function explainMissing(selector: Selector, text: string, snapshot: Snapshot): SimlabError {
  const n = snapshot.elements.length;
  switch (selector.kind) {
    case 'ref':
      return notFound(text, snapshot, `snapshot ${snapshot.id} has no element @${selector.index}`, n ? `its elements are @1..@${n}` : 'it has no elements');
    case 'cell': {
      const list = snapshot.lists.find((l) => l.index === selector.list);
      const hint = list
        ? `list ${list.index} has cells #1..#${list.cells.length}${list.index === 1 ? '' : `@${list.index}`}`
        : snapshot.lists.length
          ? `this screen has ${snapshot.lists.length} list(s)`
          : 'no list was detected on this screen; use @N or text="..."';
      return notFound(text, snapshot, `snapshot ${snapshot.id} has no cell ${text}`, hint);
    }
    case 'id':
      return notFound(text, snapshot, `no element with id ${JSON.stringify(selector.id)} in snapshot ${snapshot.id}`, 'ids are printed as #id in the outline; use @N or text="..."');
    case 'match': {
      const near = nearLabels(selector, snapshot);
      return notFound(text, snapshot, `nothing matches ${text} in snapshot ${snapshot.id}`, near.length ? `similar: ${near.join(', ')}` : 'take a new outline and check the labels');
    }
  }
}

/** All elements a selector matches, in `@N` order (no error for none or several). */
export function matchSelector(selector: Selector | string, snapshot: Pick<Snapshot, 'elements'>): OutlineElement[] {
  return matching(typeof selector === 'string' ? parseSelector(selector) : selector, snapshot);
}

/**
 * The one element a selector names. None is NOT_FOUND (with a hint), several is AMBIGUOUS_TARGET
 * listing the candidates, and `@<snapshot>:N` of a snapshot no longer known is STALE_REF.
 */
export function resolveSelector(selector: Selector | string, ctx: ResolveContext): OutlineElement {
  const text = typeof selector === 'string' ? selector.trim() : formatSelector(selector);
  const parsed = typeof selector === 'string' ? parseSelector(selector) : selector;
  const snapshot = snapshotFor(parsed, text, ctx);
  const found = matching(parsed, snapshot);
  const [first] = found;
  if (!first) throw explainMissing(parsed, text, snapshot);
  if (found.length === 1) return first;
  const candidates = found.slice(0, MAX_CANDIDATES).map(describe);
  throw new SimlabError('AMBIGUOUS_TARGET', `${text} matches ${found.length} elements: ${candidates.map((c) => c.ref).join(', ')}${found.length > MAX_CANDIDATES ? ', ...' : ''}`, {
    hint: 'use one of the candidates\' @N, or narrow with role=...[label="..."]',
    details: { selector: text, snapshot: snapshot.id, count: found.length, candidates },
  });
}

/** A selector written back as text (the inverse of parseSelector). */
export function formatSelector(s: Selector): string {
  switch (s.kind) {
    case 'ref':
      return s.snapshot === undefined ? `@${s.index}` : `@${s.snapshot}:${s.index}`;
    case 'cell':
      return s.list === 1 ? `#${s.cell}` : `#${s.cell}@${s.list}`;
    case 'id':
      return /^[^\s"[\]=]+$/.test(s.id) && !/^\d+(@\d+)?$/.test(s.id) ? `#${s.id}` : `id=${JSON.stringify(s.id)}`;
    case 'match': {
      const tests = s.tests.map((t) => `${t.name}${t.op}${JSON.stringify(t.value)}`);
      return s.role === undefined ? tests.join('') : `role=${s.role}${tests.map((t) => `[${t}]`).join('')}`;
    }
  }
}
