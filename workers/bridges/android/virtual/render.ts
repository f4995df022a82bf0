// Pixels for a screen that exists only as a node tree: boxes and texts drawn as SVG and
// rasterised with sharp (librsvg, DejaVu fonts), so screenshots and video show the screen the
// dump describes.
import sharp from 'sharp';
import { walk } from './ui-tree.js';
import type { PaintedButton, UiNode, UiTree } from './ui-tree.js';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function nodeSvg(node: UiNode): string {
  const { left, top, right, bottom } = node.bounds;
  const w = right - left;
  const h = bottom - top;
  if (w <= 0 || h <= 0) return '';
  const out: string[] = [];
  const edit = /EditText$/.test(node.className);
  if (edit || node.clickable || node.selected) {
    const fill = edit ? '#f1f3f4' : node.selected ? '#e8f0fe' : 'none';
    const stroke = node.focused ? '#1a73e8' : '#d0d0d0';
    out.push(`<rect x="${left + 1}" y="${top + 1}" width="${Math.max(w - 2, 0)}" height="${Math.max(h - 2, 0)}" rx="8" fill="${fill}" stroke="${stroke}" stroke-width="${node.focused ? 4 : 2}"/>`);
  }
  const label = node.text || (node.children.length ? '' : node.contentDesc);
  if (label) {
    const size = Math.round(Math.min(Math.max(h * 0.45, 12), 44));
    const lines = label.split('\n');
    const lineHeight = size * 1.2;
    const firstY = h / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
    const spans = lines
      .map((line, i) => `<tspan x="12" y="${(firstY + i * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`)
      .join('');
    const color = node.text ? '#202124' : '#5f6368';
    out.push(`<svg x="${left}" y="${top}" width="${w}" height="${h}"><text font-family="DejaVu Sans" font-size="${size}" fill="${color}">${spans}</text></svg>`);
  }
  return out.join('');
}

/** A button an app paints itself: a filled rounded box with its label centred in white. */
function paintedSvg(p: PaintedButton): string {
  const { left, top, right, bottom } = p.bounds;
  const w = right - left;
  const h = bottom - top;
  const size = Math.round(h * 0.4);
  return (
    `<rect x="${left}" y="${top}" width="${w}" height="${h}" rx="${Math.round(h / 5)}" fill="#2563eb"/>` +
    `<text x="${left + w / 2}" y="${top + h / 2 + size * 0.35}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(p.text)}</text>`
  );
}

/**
 * `at` (device ms) draws the screen while an animation runs: a bar whose length is the
 * millisecond within the second and, under it, one whose length is the second within ten, so a
 * frame shows the device time it was drawn at.
 */
export function screenSvg(tree: UiTree, width: number, height: number, at: number | null = null): string {
  const body: string[] = [];
  for (const { node } of walk(tree.root)) body.push(nodeSvg(node));
  if (tree.painted?.length) {
    // A game's surface: its own dark ground under the buttons it paints.
    const top = tree.root[0]?.bounds;
    if (top) body.push(`<rect x="${top.left}" y="${top.top}" width="${top.right - top.left}" height="${top.bottom - top.top}" fill="#101828"/>`);
    for (const p of tree.painted) body.push(paintedSvg(p));
  }
  if (at !== null) {
    const y = Math.round(height / 2);
    body.push(`<rect x="0" y="${y}" width="${Math.round((width * (at % 1000)) / 1000)}" height="16" fill="#1a73e8"/>`);
    body.push(`<rect x="0" y="${y + 24}" width="${Math.round((width * (Math.floor(at / 1000) % 10)) / 10)}" height="16" fill="#1a73e8"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#ffffff"/>${body.join('')}</svg>`;
}

export async function renderPng(tree: UiTree, width: number, height: number, at: number | null = null): Promise<Buffer> {
  return sharp(Buffer.from(screenSvg(tree, width, height, at))).png({ compressionLevel: 3 }).toBuffer();
}

/** Raw RGBA pixels, as `screencap` without -p prints them after its header. */
export async function renderRgba(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().raw().toBuffer();
}
