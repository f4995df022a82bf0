import type { Rect, UiNode } from '../../../core/model/index.js';
import { containsPoint, intersectRect, rectArea, rectCentre } from '../../../core/model/index.js';

/** Something read from pixels, with how sure the reader was (0-100). */
export interface PixelElement {
  node: UiNode;
  confidence: number;
}

/** The tree and the pixels disagree about one thing on the screen: both evidences, unresolved. */
export interface Conflict {
  tree: { role: string; label: string; frame: Rect };
  pixels: { text: string; confidence: number; frame: Rect };
}

/** Letters and digits only, lower case: how OCR and a label are compared. */
function plain(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length] as number;
}

/** The same words, allowing OCR's slips (a letter in four) and a little more on one side (an icon glyph before a label). */
export function sameText(a: string, b: string): boolean {
  const x = plain(a);
  const y = plain(b);
  if (!x || !y) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (long.includes(short) && short.length * 2 >= long.length) return true;
  return editDistance(x, y) <= Math.max(1, Math.floor(short.length / 4));
}

/** A line of text that is part of a longer text (one line of a paragraph). */
function partOf(whole: string, line: string): boolean {
  const l = plain(line);
  return l.length >= 3 && plain(whole).includes(l);
}

function* walk(n: UiNode): Generator<UiNode> {
  yield n;
  for (const c of n.children) yield* walk(c);
}

/**
 * Aligns what the pixels read with the tree (DESIGN.md section 4): by centre distance (within 5%
 * of the screen width), then by text. The tree wins wherever both see a thing: a pixel element
 * the tree already shows is dropped; one where the tree shows a one-line element with another
 * label is a conflict, reported with both evidences and never resolved silently. What the tree
 * does not show at all is kept. A shape with no text (an icon, a switch) is kept only where no
 * node of the tree lies under it, the surfaces that were read (a canvas, the page) aside.
 */
export function arbitrate(root: UiNode, pixels: PixelElement[], screenWidth: number, read: Rect[] = []): { keep: PixelElement[]; conflicts: Conflict[] } {
  const tolerance = screenWidth * 0.05;
  const treeNodes = [...walk(root)].filter((n) => n.source !== 'pixel');
  const named = treeNodes.filter((n) => n.label || n.value);
  // A node holding half of a region that was read is the surface the pixels came from, not a thing on it.
  const surface = (n: UiNode): boolean => {
    const f = n.visibleFrame ?? n.frame;
    return read.some((r) => (rectArea(intersectRect(f, r) ?? { x: 0, y: 0, w: 0, h: 0 }) >= rectArea(r) / 2));
  };
  const under = treeNodes.filter((n) => n !== root && !surface(n));
  const keep: PixelElement[] = [];
  const conflicts: Conflict[] = [];
  for (const p of pixels) {
    const pc = rectCentre(p.node.frame);
    if (p.node.label === undefined) {
      if (!under.some((n) => containsPoint(n.visibleFrame ?? n.frame, pc))) keep.push(p);
      continue;
    }
    const near = named.filter((n) => {
      const f = n.visibleFrame ?? n.frame;
      const c = rectCentre(f);
      return Math.hypot(c.x - pc.x, c.y - pc.y) <= tolerance && f.h <= Math.max(3 * p.node.frame.h, 60);
    });
    const text = p.node.label ?? '';
    const says = (n: UiNode) => sameText(n.label ?? '', text) || sameText(n.value ?? '', text);
    // A line of a paragraph is far from the paragraph's centre but inside it, and in its text.
    const holding = named.filter((n) => containsPoint(n.visibleFrame ?? n.frame, pc));
    if (near.some(says) || holding.some((n) => partOf(n.label ?? '', text) || partOf(n.value ?? '', text))) continue;
    const other = near[0];
    if (other) {
      conflicts.push({
        tree: { role: other.role, label: (other.label || other.value) as string, frame: other.visibleFrame ?? other.frame },
        pixels: { text, confidence: p.confidence, frame: p.node.frame },
      });
      continue;
    }
    keep.push(p);
  }
  return { keep, conflicts };
}
