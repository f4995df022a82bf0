import { FLOW_MAX_EXPECT_LINES, FLOW_MAX_LINE, type FlowExpect } from './flow-schema.js';

/**
 * An action's settled diff (core/outline/diff.ts renderSettledDiff) as what a replay should see
 * again: the screen it moved to, or the lines that came and went without their `@N` refs (a
 * ref numbers a snapshot; the same change on another run may number it differently).
 */
export function expectedChange(diff: string): FlowExpect {
  const first = diff.split('\n', 1)[0] ?? '';
  const screen = /^screen: (.*)$/.exec(first);
  if (screen) return { screen: screen[1] as string };
  // A diff longer than the screen is given as a count and the outline: no lines to hold a replay to.
  if (first.includes('(longer than the screen')) return {};
  const added: string[] = [];
  const removed: string[] = [];
  for (const line of diff.split('\n').slice(1)) {
    if (line.startsWith('+ ')) added.push(withoutRef(line.slice(2)));
    else if (line.startsWith('- ')) removed.push(withoutRef(line.slice(2)));
  }
  const cut = (lines: string[]) => lines.slice(0, FLOW_MAX_EXPECT_LINES).map((l) => l.slice(0, FLOW_MAX_LINE));
  return { added: cut(added), removed: cut(removed) };
}

function withoutRef(line: string): string {
  return line.replace(/^@\d+ /, '');
}

function sameLines(a: string[] | undefined, b: string[] | undefined): boolean {
  const x = [...(a ?? [])].sort();
  const y = [...(b ?? [])].sort();
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

/** Whether a replayed step changed the screen as the recorded one did (an expectation without lines holds for any change). */
export function changedAsExpected(expected: FlowExpect, diff: string): boolean {
  const actual = expectedChange(diff);
  if (expected.screen !== undefined) return actual.screen === expected.screen;
  if (expected.added === undefined && expected.removed === undefined) return true;
  return actual.screen === undefined && sameLines(expected.added, actual.added) && sameLines(expected.removed, actual.removed);
}

/**
 * An outline as content: the header without the stillness figure and the snapshot id, so the
 * same screen reached on another run compares equal.
 */
export function screenContent(outline: string): string {
  const end = outline.indexOf('\n');
  const header = end < 0 ? outline : outline.slice(0, end);
  const rest = end < 0 ? '' : outline.slice(end);
  const kept = header
    .split('  ')
    .filter((part) => !/^(still \d+(\.\d+)?s|not still|snapshot \S+)$/.test(part))
    .join('  ');
  return `${kept}${rest}`;
}
