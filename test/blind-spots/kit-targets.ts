import type { Rect } from '../../core/model/index.js';
import type { OutlineJson } from '../../core/outline/json.js';
import type { OutlineElement } from '../../core/outline/snapshot.js';
import type { WebDevice } from '../../workers/bridges/web/index.js';

/** The npm packages the kit pages load (served under /npm/<package>/). */
export const KIT_PACKAGES = ['framework7', 'onsenui', '@ionic/core', 'ionicons', 'chart.js'];

/** A control a kit page marks with data-hit, and where the page lays it out (CSS px = points here). */
export interface KitTarget {
  name: string;
  frame: Rect;
}

/** Waits until the kit has drawn its second page: the back arrow has a size. */
export async function waitForKit(device: WebDevice): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ready = await device.evaluate<boolean>(`(() => { const b = document.querySelector('[data-hit="back"]'); if (!b) return false; const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0; })()`);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the kit page did not draw its back arrow in 10 s');
}

export function kitTargets(device: WebDevice): Promise<KitTarget[]> {
  return device.evaluate<KitTarget[]>(
    `[...document.querySelectorAll('[data-hit]')].map((e) => { const b = e.getBoundingClientRect(); return { name: e.getAttribute('data-hit'), frame: { x: b.x, y: b.y, w: b.width, h: b.height } }; }).filter((t) => t.frame.w > 0 && t.frame.h > 0)`,
  );
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / (a.w * a.h + b.w * b.h - w * h) : 0;
}

/**
 * Each target's line in the outline: the tappable line whose tap point is inside the target and
 * whose frame is the target's (overlap over union at least one half); the rest are missed.
 */
export function matchTargets(json: OutlineJson, targets: KitTarget[]): { found: Array<[KitTarget, OutlineElement]>; missed: KitTarget[] } {
  const found: Array<[KitTarget, OutlineElement]> = [];
  const missed: KitTarget[] = [];
  for (const t of targets) {
    const f = t.frame;
    const hits = json.elements.filter((e) => e.role !== 'WebView' && e.tap.x >= f.x && e.tap.x <= f.x + f.w && e.tap.y >= f.y && e.tap.y <= f.y + f.h && overlap(e.visibleFrame, f) >= 0.5);
    const best = hits.sort((a, b) => overlap(b.visibleFrame, f) - overlap(a.visibleFrame, f))[0];
    if (best) found.push([t, best]);
    else missed.push(t);
  }
  return { found, missed };
}
