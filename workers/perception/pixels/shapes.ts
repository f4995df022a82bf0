import type { RawImage } from './boxes.js';

type Box = { x: number; y: number; w: number; h: number };

/** A control drawn without text: an icon (a glyph of a button's size) or a switch (a pill with a knob). */
export interface Shape {
  kind: 'icon' | 'switch';
  /** In image pixels. */
  box: Box;
  /** For a switch: its knob sits at the end that means on (the right). */
  checked?: boolean;
}

/** Colour distance (max channel difference) above which a pixel is not the background. */
const EDGE = 40;
/** Pieces at most this far apart (points) are one shape: the strokes of an icon, the bars of a pause sign. */
const JOIN = 8;
/** Sizes (points) of what a finger presses. */
const ICON_MIN = 12;
const ICON_MAX = 64;

function colourAt(img: RawImage, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * img.channels;
  return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
}

/** The most common colour (to 4 bits a channel), averaged over its pixels: the ground things are drawn on. */
function background(img: RawImage, step: number): [number, number, number] {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let y = 0; y < img.height; y += step) {
    for (let x = 0; x < img.width; x += step) {
      const [r, g, b] = colourAt(img, x, y);
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bin.n++;
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bins.set(key, bin);
    }
  }
  let best = { n: 0, r: 0, g: 0, b: 0 };
  for (const bin of bins.values()) if (bin.n > best.n) best = bin;
  return best.n ? [best.r / best.n, best.g / best.n, best.b / best.n] : [255, 255, 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * Simple control detection beyond text (DESIGN.md section 4): connected pieces of paint that
 * differ from the background, joined when they nearly touch, sampled about once a point. A
 * piece of a button's size and roughly square that is not one solid block is an icon; a pill
 * about twice as wide as tall with clear corners is a switch, on when its brighter knob is at
 * the right. Pixels inside `masks` (text lines, boxed text buttons) are left out: they are read
 * as text.
 */
export function findShapes(img: RawImage, pxPerPt: number, masks: Box[]): Shape[] {
  const step = Math.max(1, Math.round(pxPerPt));
  const gw = Math.floor(img.width / step);
  const gh = Math.floor(img.height / step);
  const bg = background(img, step);
  const fg = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const x = gx * step;
      const y = gy * step;
      if (masks.some((m) => x >= m.x && x < m.x + m.w && y >= m.y && y < m.y + m.h)) continue;
      const c = colourAt(img, x, y);
      if (Math.max(Math.abs(c[0] - bg[0]), Math.abs(c[1] - bg[1]), Math.abs(c[2] - bg[2])) > EDGE) fg[gy * gw + gx] = 1;
    }
  }
  // Connected pieces (8 neighbours), as grid boxes with their painted cell counts.
  const seen = new Uint8Array(gw * gh);
  const pieces: Array<{ x0: number; y0: number; x1: number; y1: number; n: number }> = [];
  const stack: number[] = [];
  for (let start = 0; start < fg.length; start++) {
    if (!fg[start] || seen[start]) continue;
    const piece = { x0: gw, y0: gh, x1: 0, y1: 0, n: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % gw;
      const y = (i - x) / gw;
      piece.n++;
      piece.x0 = Math.min(piece.x0, x);
      piece.y0 = Math.min(piece.y0, y);
      piece.x1 = Math.max(piece.x1, x);
      piece.y1 = Math.max(piece.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const j = ny * gw + nx;
          if (fg[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    pieces.push(piece);
  }
  // Pieces that nearly touch are one shape.
  const join = Math.max(1, Math.round((JOIN * pxPerPt) / step));
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < pieces.length && !merged; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i] as (typeof pieces)[number];
        const b = pieces[j] as (typeof pieces)[number];
        if (a.x0 - b.x1 - 1 > join || b.x0 - a.x1 - 1 > join || a.y0 - b.y1 - 1 > join || b.y0 - a.y1 - 1 > join) continue;
        pieces[i] = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), n: a.n + b.n };
        pieces.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  const ptPerCell = step / pxPerPt;
  const out: Shape[] = [];
  for (const p of pieces) {
    const cw = p.x1 - p.x0 + 1;
    const ch = p.y1 - p.y0 + 1;
    const w = cw * ptPerCell;
    const h = ch * ptPerCell;
    const fill = p.n / (cw * ch);
    const box = { x: p.x0 * step, y: p.y0 * step, w: cw * step, h: ch * step };
    const aspect = w / h;
    const corner = (gx: number, gy: number): boolean => !fg[gy * gw + gx];
    const clearCorners = corner(p.x0, p.y0) && corner(p.x1, p.y0) && corner(p.x0, p.y1) && corner(p.x1, p.y1);
    if (aspect >= 1.4 && aspect <= 2.4 && h >= 14 && h <= 40 && fill >= 0.6 && fill <= 0.95 && clearCorners) {
      // The knob is the brighter end of the pill's middle line.
      const cy = Math.round(box.y + box.h / 2);
      const side = (from: number): number => {
        let sum = 0;
        for (let k = 0; k < 5; k++) sum += luminance(colourAt(img, Math.round(box.x + box.w * (from + k * 0.04)), cy));
        return sum;
      };
      out.push({ kind: 'switch', box, checked: side(0.7) > side(0.1) });
    } else if (Math.min(w, h) >= ICON_MIN && Math.max(w, h) <= ICON_MAX && aspect <= 1.5 && aspect >= 1 / 1.5 && fill <= 0.95) {
      out.push({ kind: 'icon', box });
    }
  }
  return out;
}
