// Single-finger timelines as `input motionevent DOWN|MOVE|UP x y` steps, each sent at its own
// time, so a drag keeps our timing rather than `input swipe`'s fixed interpolation.
import type { TouchTimeline } from '../../../../core/gestures/timeline.js';

export interface MotionStep {
  /** When to send it, in ms from the start of the gesture. */
  t: number;
  action: 'DOWN' | 'MOVE' | 'UP';
  /** Device pixels. */
  x: number;
  y: number;
}

/**
 * The steps of a timeline whose touches never overlap in time (one finger at a time: taps,
 * double taps, long presses, drags), in pixels; null when two fingers are down together.
 */
export function motionSteps(timeline: TouchTimeline, pxPerPoint: number): MotionStep[] | null {
  const paths = [...timeline.fingers].sort((a, b) => (a.points[0]?.t ?? 0) - (b.points[0]?.t ?? 0));
  const steps: MotionStep[] = [];
  let lastEnd = -Infinity;
  for (const path of paths) {
    const first = path.points[0];
    const last = path.points[path.points.length - 1];
    if (!first || !last) continue;
    if (first.t < lastEnd) return null;
    lastEnd = last.t;
    const px = (p: { x: number; y: number }) => ({ x: Math.round(p.x * pxPerPoint), y: Math.round(p.y * pxPerPoint) });
    steps.push({ t: first.t, action: 'DOWN', ...px(first) });
    for (const p of path.points.slice(1, -1)) steps.push({ t: p.t, action: 'MOVE', ...px(p) });
    steps.push({ t: last.t, action: 'UP', ...px(last) });
  }
  return steps;
}

export function motionCommand(step: Pick<MotionStep, 'action' | 'x' | 'y'>): string {
  return `input motionevent ${step.action} ${step.x} ${step.y}`;
}
