import { fling, flingPath, scrollBy } from '../../core/gestures/index.js';
import type { Rect, ScrollOffset } from '../../core/model/index.js';
import type { CommandArgs } from '../../core/wire/commands.js';
import type { HandlerSession, Run } from './handler-context.js';
import { scrollRegion, scrollRegionAt } from './targets.js';

/** scroll-by is done when it is this close to what was asked (points). */
const TOLERANCE = 1;
/** Rounds of drags: the first, then corrections of the remainder. */
const MAX_ROUNDS = 3;
/** Largest touch slop worth believing; more means the content hit its end. */
const MAX_SLOP = 40;

type Offsets = Map<string, { x: number; y: number }>;

function offsetsOf(scroll: ScrollOffset[] | undefined): Offsets {
  return new Map((scroll ?? []).map((s) => [s.target, { x: s.x, y: s.y }]));
}

/** The scroll container that moved the most between two readings. */
function mostMoved(a: Offsets, b: Offsets): string | undefined {
  let best: string | undefined;
  let most = 0.5;
  for (const [target, after] of b) {
    const before = a.get(target) ?? { x: 0, y: 0 };
    const d = Math.hypot(after.x - before.x, after.y - before.y);
    if (d > most) {
      most = d;
      best = target;
    }
  }
  return best;
}

async function readOffsets(session: HandlerSession): Promise<Offsets> {
  return offsetsOf((await session.bridge.appState()).scroll);
}

/**
 * Precise scrolling (DESIGN.md section 5): drags that leave no fling velocity, then the real
 * offset is read back and the remainder corrected. The finger travel the device absorbs
 * before content moves (touch slop) is learned from each drag, so a correction is not
 * swallowed by it and later scrolls need a single drag.
 */
export async function scrollByCommand(session: HandlerSession, a: CommandArgs<'scroll-by'>, run: Run): Promise<unknown> {
  const located = a.target === undefined ? undefined : await session.locate(a.target, run);
  const before = located?.before ?? (await session.observe(run, false, false)).snapshot;
  const region: Rect = located ? scrollRegionAt(before, located.point) : scrollRegion(before);
  const start = await readOffsets(session);
  let container = located?.element?.id !== undefined && start.has(located.element.id) ? located.element.id : undefined;
  const requested = { dx: a.dx, dy: a.dy };
  let moved = { dx: 0, dy: 0 };
  let drags = 0;
  let reachedEnd = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const want = { dx: requested.dx - moved.dx, dy: requested.dy - moved.dy };
    const wantLength = Math.hypot(want.dx, want.dy);
    if (round > 0 && wantLength <= TOLERANCE) break;
    const slop = session.scrollSlop;
    const timelines = scrollBy(region, want, { slopPts: slop });
    for (const timeline of timelines) {
      await session.perform(run, timeline);
      drags++;
    }
    await session.bridge.waitForStill({ quietMs: 120 });
    const now = await readOffsets(session);
    container ??= mostMoved(start, now);
    if (container === undefined) break;
    const origin = start.get(container) ?? { x: 0, y: 0 };
    const current = now.get(container) ?? origin;
    const previous = moved;
    moved = { dx: current.x - origin.x, dy: current.y - origin.y };
    // Progress of this round along the direction asked for.
    const gained = ((moved.dx - previous.dx) * want.dx + (moved.dy - previous.dy) * want.dy) / wantLength;
    if (gained < 0.5) {
      reachedEnd = true;
      break;
    }
    const learned = slop + (wantLength - gained) / timelines.length;
    if (learned >= 0 && learned <= MAX_SLOP) session.scrollSlop = learned;
    else if (learned < 0) session.scrollSlop = 0;
  }
  const settled = await session.observeAfter(run, before, located);
  const remaining = container === undefined ? undefined : Math.hypot(requested.dx - moved.dx, requested.dy - moved.dy);
  return {
    ...settled.data,
    delivery: remaining !== undefined && remaining <= 2 ? 'delivered_verified' : 'delivered_unverified',
    requested,
    scrolled: container === undefined ? null : { dx: round2(moved.dx), dy: round2(moved.dy) },
    container: container ?? null,
    drags,
    reached_end: reachedEnd,
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * A quick swipe released while moving. `direction` is the way the finger moves (a fling up
 * reveals what is further down). The answer says where the content was at release and where
 * it came to rest, so the coasting is visible.
 */
export async function flingCommand(session: HandlerSession, a: CommandArgs<'fling'>, run: Run): Promise<unknown> {
  const located = a.target === undefined ? undefined : await session.locate(a.target, run);
  const before = located?.before ?? (await session.observe(run, false, false)).snapshot;
  const region = located?.element?.visibleFrame ?? scrollRegion(before);
  const start = await readOffsets(session);
  const [from, to] = flingPath(region, a.direction);
  await session.perform(run, fling(from, to));
  const atRelease = await readOffsets(session);
  const settled = await session.observeAfter(run, before, located);
  const rest = await readOffsets(session);
  const container = mostMoved(start, rest);
  let scroll = null;
  if (container !== undefined) {
    const released = atRelease.get(container) ?? { x: 0, y: 0 };
    const settledAt = rest.get(container) ?? released;
    const coasted = round2(Math.hypot(settledAt.x - released.x, settledAt.y - released.y));
    scroll = { container, start: start.get(container) ?? { x: 0, y: 0 }, at_release: released, settled: settledAt, coasted };
  }
  return { ...settled.data, direction: a.direction, scroll };
}
