import { aligned, intervalOverlap, near, union } from './geometry.js';
import { isCollection, isInput } from './roles.js';
import type { Candidate, Placed } from './types.js';

const HEIGHT_TOLERANCE = 0.1;
const PITCH_TOLERANCE = 0.1;
/** Rows of a list nearly touch: the pitch is at most this many row heights. */
const MAX_PITCH_PER_HEIGHT = 2;
const MIN_SIDE = 8;
const MIN_CELLS = 3;

/** An element worth a row of its own: it says something or does something. */
function speaks(p: Placed): boolean {
  const n = p.node;
  return Boolean(n.label || n.value || n.id || n.actions.length > 0) && !isInput(n);
}

function ancestors(p: Placed): Placed[] {
  const out: Placed[] = [];
  for (let a = p.parent; a; a = a.parent) out.push(a);
  return out;
}

function lowestCommonAncestor(cells: readonly Placed[]): Placed | null {
  const [first, ...rest] = cells;
  if (!first) return null;
  for (const a of ancestors(first)) if (rest.every((c) => ancestors(c).includes(a))) return a;
  return null;
}

/** The child of a collection that holds `p` (its cell there), for every collection above `p`. */
function collectionCells(p: Placed): Map<Placed, Placed> {
  const out = new Map<Placed, Placed>();
  let child = p;
  for (let a = p.parent; a; child = a, a = a.parent) if (isCollection(a.node)) out.set(a, child);
  return out;
}

/** Cells of a declared collection belong to it: a column that runs across them is not another list. */
function cutsAcrossCollection(cells: readonly Placed[]): boolean {
  const seen = new Map<Placed, Placed>();
  for (const c of cells) {
    for (const [collection, cell] of collectionCells(c)) {
      const other = seen.get(collection);
      if (other && other !== cell) return true;
      seen.set(collection, cell);
    }
  }
  return false;
}

/** Maximal runs of rows at a regular pitch that nearly touch. */
function regularRuns(column: readonly Placed[]): Placed[][] {
  const runs: Placed[][] = [];
  let run: Placed[] = [];
  let pitch = 0;
  for (const c of column) {
    const prev = run[run.length - 1];
    const p = prev ? c.vis.y - prev.vis.y : 0;
    const adjacent = prev !== undefined && p >= prev.vis.h - 1 && p <= MAX_PITCH_PER_HEIGHT * prev.vis.h;
    if (adjacent && (run.length === 1 || near(p, pitch, PITCH_TOLERANCE))) {
      if (run.length === 1) pitch = p;
      run.push(c);
      continue;
    }
    runs.push(run);
    // A new run may start at the row where the old one broke.
    run = adjacent && prev ? [prev, c] : [c];
    pitch = p;
  }
  runs.push(run);
  return runs.filter((r) => r.length >= MIN_CELLS);
}

/**
 * Nodes of consistent row spacing (DESIGN.md section 4): elements at any depth that line up in
 * a column, with the same height, at a regular pitch — rows whose container is missing or
 * that are spread over several parents (an iOS calendar's hour slots).
 */
export function spacingCandidates(all: readonly Placed[]): Candidate[] {
  const columns: Placed[][] = [];
  // In reading order, so each column's first member (what the others are held to) does not
  // depend on the order the platform listed siblings in.
  const reading = [...all].sort((a, b) => a.vis.y - b.vis.y || a.vis.x - b.vis.x || a.depth - b.depth);
  for (const p of reading) {
    if (!speaks(p) || p.vis.w < MIN_SIDE || p.vis.h < MIN_SIDE) continue;
    // One kind of row: same role and class, same left and right edges, same height.
    const home = columns.find((g) => {
      const ref = g[0] as Placed;
      return (
        ref.node.role === p.node.role &&
        ref.node.className === p.node.className &&
        aligned(ref.vis.x, p.vis.x) &&
        aligned(ref.vis.x + ref.vis.w, p.vis.x + p.vis.w) &&
        near(p.vis.h, ref.vis.h, HEIGHT_TOLERANCE)
      );
    });
    if (home) home.push(p);
    else columns.push([p]);
  }
  const out: Candidate[] = [];
  for (const column of columns) {
    const sorted = [...column].sort((a, b) => a.vis.y - b.vis.y || a.depth - b.depth);
    // Of a row and its own label (same column, drawn over it), the outer node is the row.
    const rows: Placed[] = [];
    for (const p of sorted) {
      const prev = rows[rows.length - 1];
      if (prev && intervalOverlap([prev.vis.y, prev.vis.h], [p.vis.y, p.vis.h]) > 0.5) continue;
      rows.push(p);
    }
    for (const cells of regularRuns(rows)) {
      const parent = cells[0]?.parent;
      if (cells.every((c) => c.parent === parent)) continue; // siblings: the other detector's case
      if (cutsAcrossCollection(cells)) continue;
      const lca = lowestCommonAncestor(cells);
      const container = lca && lca.parent ? lca : null;
      out.push({
        detector: 'spacing',
        container,
        containerFrame: container ? container.vis : union(cells.map((c) => c.vis)),
        axis: 'vertical',
        grid: false,
        cells,
        regularity: 1,
      });
    }
  }
  return out;
}
