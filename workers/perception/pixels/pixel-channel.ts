import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Rect, UiNode } from '../../../core/model/index.js';
import type { DeviceBridge } from '../../bridge.js';
import type { PixelElement } from './arbitrate.js';
import { boxAround, type RawImage } from './boxes.js';
import { findShapes, type Shape } from './shapes.js';
import { TextReader, type ReadLine } from './text-reader.js';

/** Image pixels per point read: small labels need more than one. */
const PX_PER_PT = 2;
/** Regions whose reads are remembered (by their pixels). */
const CACHE_SIZE = 32;
/** Between the two frames that must agree before a region is read. */
const CONFIRM_MS = 80;

/**
 * The pixel channel (DESIGN.md section 4): what a region of the screen shows, read from a
 * screenshot where the tree is blind (canvas, video, GL surfaces; a sparse tree; or on request).
 * A region is read only when two consecutive frames of it agree (nothing is offered from the
 * middle of an animation), and a read is remembered by the region's pixels, so an unchanged
 * screen costs one screenshot. Text lines become `Text`, or `Button` where a painted box holds
 * them, with `source: 'pixel'` and frames in points.
 */
export class PixelChannel {
  private readonly reads = new Map<string, PixelElement[]>();

  constructor(private readonly reader: TextReader = new TextReader()) {}

  async read(bridge: Pick<DeviceBridge, 'screenshot'>, regions: Rect[]): Promise<PixelElement[]> {
    const out: PixelElement[] = [];
    for (const region of regions) out.push(...(await this.readRegion(bridge, region)));
    return out;
  }

  close(): Promise<void> {
    return this.reader.close();
  }

  private async readRegion(bridge: Pick<DeviceBridge, 'screenshot'>, region: Rect): Promise<PixelElement[]> {
    const shoot = () => bridge.screenshot({ crop: region, scale: PX_PER_PT, format: 'png' });
    const first = await shoot();
    const key = `${region.x},${region.y},${region.w},${region.h}:${createHash('sha1').update(first.data).digest('hex')}`;
    const known = this.reads.get(key);
    if (known) return known;
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_MS));
    const second = await shoot();
    // Still moving: nothing from this region until two frames agree.
    if (!second.data.equals(first.data)) return [];
    // One colour all over (a blank or loading screen): nothing to read, and no OCR worker to start.
    const { channels } = await sharp(first.data).stats();
    if (channels.every((c) => c.min === c.max)) return this.remember(key, []);
    const raw = await sharp(first.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image: RawImage = { data: raw.data, width: raw.info.width, height: raw.info.height, channels: raw.info.channels };
    // Tesseract reads dark text on a light ground: the region is read as it is and inverted
    // (light labels on dark or coloured buttons), and each line kept once.
    const grey = sharp(first.data).greyscale();
    const lines = await this.reader.read(await grey.clone().png().toBuffer());
    for (const line of await this.reader.read(await grey.clone().negate({ alpha: false }).png().toBuffer())) {
      if (!lines.some((l) => overlaps(l.box, line.box))) lines.push(line);
    }
    // Measured, not assumed: a device may return another scale than asked for.
    const sx = first.width / region.w;
    const sy = first.height / region.h;
    const boxes = lines.map((line) => boxAround(image, line.box, sx));
    const elements = lines.map((line, i) => toElement(line, boxes[i], first.origin, sx, sy));
    // What is read as text is left out of the shapes: its glyphs, and the buttons around it.
    const margin = Math.round(sx * 2);
    const masks = [...lines.map((l) => ({ x: l.box.x - margin, y: l.box.y - margin, w: l.box.w + 2 * margin, h: l.box.h + 2 * margin })), ...boxes.filter((b) => b !== undefined)];
    elements.push(...findShapes(image, sx, masks).map((s) => shapeElement(s, first.origin, sx, sy)));
    return this.remember(key, elements);
  }

  private remember(key: string, elements: PixelElement[]): PixelElement[] {
    this.reads.delete(key);
    this.reads.set(key, elements);
    if (this.reads.size > CACHE_SIZE) this.reads.delete(this.reads.keys().next().value as string);
    return elements;
  }
}

function toElement(line: ReadLine, box: ReadLine['box'] | undefined, origin: { x: number; y: number }, sx: number, sy: number): PixelElement {
  const b = box ?? line.box;
  const frame = { x: origin.x + b.x / sx, y: origin.y + b.y / sy, w: b.w / sx, h: b.h / sy };
  const node: UiNode = {
    role: box ? 'Button' : 'Text',
    label: line.text,
    frame,
    visibleFrame: frame,
    states: {},
    // A box with a label in it is drawn to be pressed; bare text claims nothing.
    actions: box ? ['tap'] : [],
    source: 'pixel',
    children: [],
  };
  return { node, confidence: line.confidence };
}

/** How sure a shape is, beside OCR's 0-100: seen, not read. */
const SHAPE_CONFIDENCE = 50;

/** An icon is a button with no words; a switch says whether it is on. Neither has a label: the outline shows its frame. */
function shapeElement(shape: Shape, origin: { x: number; y: number }, sx: number, sy: number): PixelElement {
  const b = shape.box;
  const frame = { x: origin.x + b.x / sx, y: origin.y + b.y / sy, w: b.w / sx, h: b.h / sy };
  const node: UiNode = {
    role: shape.kind === 'switch' ? 'Switch' : 'Button',
    frame,
    visibleFrame: frame,
    states: shape.kind === 'switch' ? { checked: shape.checked === true } : {},
    actions: ['tap'],
    source: 'pixel',
    children: [],
  };
  return { node, confidence: SHAPE_CONFIDENCE };
}

function overlaps(a: ReadLine['box'], b: ReadLine['box']): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
