import type { UiNode } from '../model/ui-node.js';
import { aligned, intervalOverlap, median, near, union } from './geometry.js';
import { isCollection } from './roles.js';
import type { Candidate, Placed } from './types.js';

/** Rows of a flat column: at least three records of two lines or more. */
const MIN_ROWS = 3;
const MIN_MEMBERS = 2 * MIN_ROWS;
/** Most of a flat container's children are bare elements (no node of their own groups a row). */
const LEAF_SHARE = 0.75;
/** Records of one list are about the same height (a two-line note or a one-line one)... */
const HEIGHT_TOLERANCE = 0.35;
/** ...and are spaced alike: the whitespace between them within this fraction of its median, or... */
const GAP_TOLERANCE = 0.5;
/** ...within this many points (rows that nearly touch). */
const GAP_SLACK = 4;
/** A record holds at most this many times as many elements as another of the same list. */
const MEMBER_RATIO = 2;

interface Band {
  top: number;
  bottom: number;
  members: Placed[];
}

/** Elements whose vertical extents overlap, merged into bands, top to bottom. */
function bandsOf(children: readonly Placed[]): Band[] {
  const bands: Band[] = [];
  for (const c of [...children].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x || a.index - b.index)) {
    const last = bands[bands.length - 1];
    if (last && c.vis.y < last.bottom) {
      last.members.push(c);
      last.bottom = Math.max(last.bottom, c.vis.y + c.vis.h);
    } else bands.push({ top: c.vis.y, bottom: c.vis.y + c.vis.h, members: [c] });
  }
  return bands;
}

/** Bands merged where the whitespace between them is at most `gap`. */
function blocksAt(bands: readonly Band[], gap: number): Band[] {
  const out: Band[] = [];
  for (const b of bands) {
    const last = out[out.length - 1];
    if (last && b.top - last.bottom <= gap) {
      last.members.push(...b.members);
      last.bottom = Math.max(last.bottom, b.bottom);
    } else out.push({ top: b.top, bottom: b.bottom, members: [...b.members] });
  }
  return out;
}

/** A record: several elements, one of them under another (a title over its subtitle), not one line of a form. */
function isRecord(b: Band): boolean {
  if (b.members.length < 2) return false;
  return b.members.some((m) =>
    b.members.some((o) => o !== m && o.vis.y >= m.vis.y + m.vis.h - 1 && intervalOverlap([m.vis.x, m.vis.w], [o.vis.x, o.vis.w]) > 0),
  );
}

/** Consecutive records that look like rows of one list: alike in height, in spacing, in how much they hold and of what. */
function sameShape(run: readonly Band[]): boolean {
  if (!run.every(isRecord)) return false;
  const heights = run.map((b) => b.bottom - b.top);
  const h = median(heights);
  if (!heights.every((x) => near(x, h, HEIGHT_TOLERANCE))) return false;
  const gaps = run.slice(1).map((b, i) => b.top - (run[i] as Band).bottom);
  const g = median(gaps);
  if (!gaps.every((x) => near(x, g, GAP_TOLERANCE) || Math.abs(x - g) <= GAP_SLACK)) return false;
  const counts = run.map((b) => b.members.length);
  if (Math.max(...counts) > MEMBER_RATIO * Math.min(...counts)) return false;
  // Built of the same kinds of element: the sections of a form each hold another control (a switch, a dropdown, buttons).
  const kinds = run.map((b) => [...new Set(b.members.map((m) => m.node.role))].sort().join());
  return kinds.every((k) => k === kinds[0]);
}

/**
 * Records laid out alike: most of one's elements start or end where one of the other's does
 * (a chat's sent and received messages each match their own kind; a card's heading over a
 * grid of figures matches neither).
 */
function laidOutLike(a: Band, b: Band): boolean {
  const matched = a.members.filter((m) => b.members.some((o) => aligned(m.vis.x, o.vis.x) || aligned(m.vis.x + m.vis.w, o.vis.x + o.vis.w)));
  return 2 * matched.length >= a.members.length;
}

/** The run split where a record is laid out like no other record of it, until every record has a twin. */
function partnered(run: readonly Band[]): Band[][] {
  const lone = run.findIndex((b) => !run.some((o) => o !== b && laidOutLike(b, o)));
  if (lone < 0) return [[...run]];
  return [run.slice(0, lone), run.slice(lone + 1)].filter((p) => p.length >= MIN_ROWS).flatMap(partnered);
}

/** The longest runs of records shaped alike, top to bottom without overlap, each record laid out like another. */
function runsOf(blocks: readonly Band[]): Band[][] {
  const runs: Band[][] = [];
  let i = 0;
  while (i < blocks.length) {
    let j = i + 1;
    while (j < blocks.length && sameShape(blocks.slice(i, j + 1))) j++;
    if (j - i < MIN_ROWS) {
      i++;
      continue;
    }
    for (const piece of partnered(blocks.slice(i, j))) if (sameShape(piece)) runs.push(piece);
    i = j;
  }
  return runs;
}

/**
 * Rows of a flat column (DESIGN.md section 4): a container whose rows have no node of their own
 * (Compose, Flutter and React Native often lay every text of a list straight into one view)
 * still shows its rows as records — a title over a subtitle and a note — separated by more
 * whitespace than the lines of a record, alike in height and spacing. Each record becomes a
 * cell: a group of its elements that the tree does not have.
 */
export function recordCandidates(parent: Placed, children: readonly Placed[]): Candidate[] {
  if (children.length < MIN_MEMBERS || isCollection(parent.node)) return [];
  if (children.filter((c) => c.node.children.length === 0).length < LEAF_SHARE * children.length) return [];
  const bands = bandsOf(children);
  const gaps = [...new Set(bands.slice(1).map((b, i) => b.top - (bands[i] as Band).bottom))].sort((a, b) => a - b);
  let best: Band[][] = [];
  const size = (runs: Band[][]) => Math.max(0, ...runs.map((r) => r.length));
  // Each band alone first: a record whose lines are held together by a tall element beside them.
  for (const gap of [-Infinity, ...gaps]) {
    const runs = runsOf(blocksAt(bands, gap));
    if (size(runs) > size(best)) best = runs;
  }
  return best.map((run) => {
    // A row spans its column, whatever the length of its texts (a chat's messages sit left or right in it).
    const column = union(run.flatMap((b) => b.members.map((m) => m.vis)));
    const cells = run.map((b): Placed => {
      const members = [...b.members].sort((x, y) => x.vis.y - y.vis.y || x.vis.x - y.vis.x);
      const drawn = union(members.map((m) => m.node.frame));
      const seen = union(members.map((m) => m.vis));
      const frame = { x: column.x, y: drawn.y, w: column.w, h: drawn.h };
      const vis = { x: column.x, y: seen.y, w: column.w, h: seen.h };
      const first = members[0] as Placed;
      const node: UiNode = { role: 'Group', frame, visibleFrame: vis, states: {}, actions: [], source: first.node.source, children: members.map((m) => m.node) };
      if (parent.node.window !== undefined) node.window = parent.node.window;
      return { node, parent, index: first.index, depth: parent.depth + 1, vis, members };
    });
    return { detector: 'spacing', container: parent, containerFrame: parent.vis, axis: 'vertical', grid: false, cells, regularity: 1 };
  });
}
