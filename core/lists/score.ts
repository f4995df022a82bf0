import type { Size } from '../model/geometry.js';
import { aligned, across, along, median, near, union } from './geometry.js';
import { isCell, isCollection, isInput } from './roles.js';
import { scrolls } from './siblings.js';
import { viewport } from './clipped.js';
import type { Candidate, ListAxis, Placed } from './types.js';

/** A size within this fraction of the median fits the list. */
const SIZE_TOLERANCE = 0.25;
/** Or within this fraction of another cell's: lists with two kinds of row (plain and with a caption). */
const TWIN_TOLERANCE = 0.1;

export interface Scored {
  candidate: Candidate;
  consistency: number;
  roleBonus: number;
  widthBonus: number;
  score: number;
}

/**
 * A first or last cell cut off by the edge of what scrolls the list (clipped.ts' viewport, or
 * the screen's) says nothing about the size of the rows: left out when it is shorter than the
 * others or visibly clipped. A plain container only wraps its children, so touching its own
 * edge means nothing.
 */
function measured(c: Candidate, screen: Size): Placed[] {
  const axis = c.axis;
  const clipper = viewport(c.container) ?? { x: 0, y: 0, ...screen };
  const [start, length] = along(clipper, axis);
  const sizes = c.cells.map((p) => along(p.node.frame, axis)[1]);
  return c.cells.filter((p, i) => {
    if (i !== 0 && i !== c.cells.length - 1) return true;
    const [s, l] = along(p.vis, axis);
    if (l < along(p.node.frame, axis)[1] - 1) return false;
    const atEdge = Math.abs(s - start) <= 1 || Math.abs(s + l - (start + length)) <= 1;
    const others = sizes.filter((_, j) => j !== i);
    return !(atEdge && others.length > 0 && (sizes[i] as number) < median(others));
  });
}

/** Share of cells whose size has a match: close to the median, or to another cell (lists with two kinds of row). */
function sizeAgreement(sizes: readonly number[]): number {
  if (sizes.length <= 1) return 1;
  const m = median(sizes);
  const fit = sizes.filter((s, i) => near(s, m, SIZE_TOLERANCE) || sizes.some((t, j) => j !== i && near(s, t, TWIN_TOLERANCE)));
  return fit.length / sizes.length;
}

/** Largest share of cells whose cross-axis extent matches one cell's, edge for edge. */
function crossAgreement(cells: readonly Placed[], axis: ListAxis): number {
  let best = 0;
  for (const a of cells) {
    const [s, l] = across(a.vis, axis);
    const same = cells.filter((b) => {
      const [t, m] = across(b.vis, axis);
      return aligned(t, s) && aligned(t + m, s + l);
    }).length;
    best = Math.max(best, same);
  }
  return best / cells.length;
}

function mostCommonShare(values: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return Math.max(...counts.values()) / values.length;
}

/** cellCount x consistency x roleBonus x widthBonus (DESIGN.md section 4). */
export function scoreCandidate(c: Candidate, screen: Size): Scored {
  const cells = c.cells;
  const sample = measured(c, screen);
  const sizes = (ps: Placed[], axis: ListAxis) => ps.map((p) => along(p.node.frame, axis)[1]);
  const sizeFit = c.grid
    ? Math.min(sizeAgreement(sizes(sample, 'vertical')), sizeAgreement(sizes(sample, 'horizontal')))
    : sizeAgreement(sizes(sample, c.axis));
  const crossFit = c.grid ? 1 : crossAgreement(cells, c.axis);
  const roleFit = 0.5 + 0.5 * mostCommonShare(cells.map((p) => p.node.role));
  const consistency = crossFit * sizeFit * roleFit * c.regularity;

  const container = c.container;
  const containerBonus = container && isCollection(container.node) ? 2 : container && scrolls(container) ? 1.4 : 1;
  const cellShare = (f: (p: Placed) => boolean) => cells.filter(f).length / cells.length;
  const cellBonus = cellShare((p) => isCell(p.node)) > 0.5 ? 1.25 : cellShare((p) => isInput(p.node)) > 0.5 ? 0.5 : 1;
  const roleBonus = containerBonus * cellBonus;

  // How much of the screen the list spans across its axis: rows as wide as the screen lead.
  const extent = union(cells.map((p) => p.vis));
  const crossAxis = c.axis === 'vertical' || c.grid ? extent.w / screen.w : extent.h / screen.h;
  const widthBonus = Math.sqrt(Math.min(1, Math.max(0, crossAxis)));

  return { candidate: c, consistency, roleBonus, widthBonus, score: cells.length * consistency * roleBonus * widthBonus };
}
