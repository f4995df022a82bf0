import type { FingerPath, TouchTimeline } from './timeline.js';

/** One action of a W3C WebDriver pointer input source (touch). */
export type PointerAction =
  | { type: 'pointerMove'; duration: number; x: number; y: number; origin: 'viewport' }
  | { type: 'pointerDown'; button: 0 }
  | { type: 'pointerUp'; button: 0 }
  | { type: 'pause'; duration: number };

export interface PointerSource {
  type: 'pointer';
  id: string;
  parameters: { pointerType: 'touch' };
  actions: PointerAction[];
}

const first = (p: FingerPath) => p.points[0]!.t;
const last = (p: FingerPath) => p.points[p.points.length - 1]!.t;

/** Where a path's finger is at time t (linear between its points). */
function positionAt(path: FingerPath, t: number): { x: number; y: number } {
  const pts = path.points;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if (t <= b.t) {
      const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
      return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
    }
  }
  const end = pts[pts.length - 1]!;
  return { x: end.x, y: end.y };
}

/**
 * A gesture timeline as W3C pointer actions, one touch source per finger id. W3C actions run in
 * ticks (the k-th action of every source together, lasting as long as the longest), so the
 * timeline's instants become a shared grid: between two instants each finger that stays down
 * moves to where it is at the later one, the others pause; at an instant, fingers whose path ends
 * are lifted, fingers whose path starts are placed and pressed (a one-point tap is lifted right
 * after), each in a tick of no length. The timeline's clock is kept; `scale` turns points into
 * the device's pixels.
 */
export function w3cPointerActions(timeline: TouchTimeline, scale = 1): PointerSource[] {
  const paths = timeline.fingers.filter((f) => f.points.length > 0);
  const ids = [...new Set(paths.map((f) => f.id))].sort((a, b) => a - b);
  const actions = new Map<number, PointerAction[]>(ids.map((id) => [id, []]));
  const times = [...new Set(paths.flatMap((f) => f.points.map((p) => p.t)))].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * scale * 100) / 100;
  const place = (p: { x: number; y: number }, duration: number): PointerAction => ({ type: 'pointerMove', duration, x: r(p.x), y: r(p.y), origin: 'viewport' });
  const pause = (duration: number): PointerAction => ({ type: 'pause', duration });
  /** One tick: the given action for the fingers that have one, a pause of no length for the rest. */
  const tick = (of: (id: number) => PointerAction | undefined): void => {
    const chosen = ids.map((id) => of(id));
    if (chosen.every((a) => a === undefined)) return;
    ids.forEach((id, i) => actions.get(id)!.push(chosen[i] ?? pause(0)));
  };
  const pathOf = (id: number, test: (p: FingerPath) => boolean) => paths.find((p) => p.id === id && test(p));

  let previous: number | undefined;
  for (const t of times) {
    if (previous !== undefined) {
      const from = previous;
      tick((id) => {
        const held = pathOf(id, (p) => first(p) <= from && last(p) >= t);
        return held ? place(positionAt(held, t), t - from) : pause(t - from);
      });
    }
    tick((id) => (pathOf(id, (p) => last(p) === t && first(p) < t) ? { type: 'pointerUp', button: 0 } : undefined));
    const starting = (id: number) => pathOf(id, (p) => first(p) === t);
    tick((id) => {
      const p = starting(id);
      return p ? place(positionAt(p, t), 0) : undefined;
    });
    tick((id) => (starting(id) ? { type: 'pointerDown', button: 0 } : undefined));
    tick((id) => (pathOf(id, (p) => first(p) === t && last(p) === t) ? { type: 'pointerUp', button: 0 } : undefined));
    previous = t;
  }
  return ids.map((id) => ({ type: 'pointer', id: `finger${id}`, parameters: { pointerType: 'touch' }, actions: actions.get(id)! }));
}

/** The timeline W3C pointer actions describe (points in the actions' units): the inverse, for devices that receive them. */
export function timelineOfW3c(sources: ReadonlyArray<{ id: string; actions: ReadonlyArray<Record<string, unknown>> }>): TouchTimeline {
  const fingers: FingerPath[] = [];
  const cursors = sources.map(() => ({ x: 0, y: 0, down: undefined as FingerPath | undefined }));
  const ticks = Math.max(0, ...sources.map((s) => s.actions.length));
  let t = 0;
  for (let k = 0; k < ticks; k++) {
    let longest = 0;
    sources.forEach((s, i) => {
      const a = s.actions[k];
      const c = cursors[i]!;
      if (!a) return;
      const duration = typeof a.duration === 'number' ? a.duration : 0;
      longest = Math.max(longest, duration);
      if (a.type === 'pointerMove') {
        c.x = Number(a.x);
        c.y = Number(a.y);
        c.down?.points.push({ x: c.x, y: c.y, t: t + duration });
      } else if (a.type === 'pointerDown') {
        c.down = { id: i, points: [{ x: c.x, y: c.y, t }] };
        fingers.push(c.down);
      } else if (a.type === 'pointerUp' && c.down) {
        const end = c.down.points[c.down.points.length - 1]!;
        if (end.t !== t || end.x !== c.x || end.y !== c.y) c.down.points.push({ x: c.x, y: c.y, t });
        c.down = undefined;
      }
    });
    t += longest;
  }
  return { fingers };
}
