import type { Rect, Screen, UiNode } from '../../../core/model/index.js';

/** Views an app draws into itself (games, maps, camera, video): the tree ends at them. */
const PAINTED = /(^|\.)(SurfaceView|TextureView|GLSurfaceView|VideoView)$/;
/** Smallest surface worth reading (points): smaller ones are decorations. */
const MIN_SIDE = 24;

/** Where the screen shows what its tree cannot see into: the visible part of every painted view. */
export function paintedRegions(screen: Screen): Rect[] {
  const out: Rect[] = [];
  const walk = (n: UiNode): void => {
    const frame = n.visibleFrame ?? n.frame;
    if (n.className && PAINTED.test(n.className) && frame.w >= MIN_SIDE && frame.h >= MIN_SIDE) out.push(frame);
    n.children.forEach(walk);
  };
  walk(screen.root);
  return out;
}
