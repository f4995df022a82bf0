import { renderOutline } from '../../core/outline/render.js';
import type { Snapshot } from '../../core/outline/snapshot.js';
import type { DeviceBridge } from '../bridge.js';

/** Thumbnail width in image pixels: enough to recognise a screen in a log, small enough to keep every one. */
const THUMBNAIL_WIDTH = 140;
const THUMBNAIL_QUALITY = 40;
/** A thumbnail slower than this is left out rather than holding the device. */
const THUMBNAIL_TIMEOUT_MS = 1500;

/** What the action log keeps of an action beside its envelope. */
export interface ActionEvidence {
  /** The outline text of the screen before and after the action. */
  outlineBefore?: string;
  outlineAfter?: string;
  /** A small JPEG of the screen after the action. */
  thumbnail?: Buffer;
}

/** The screens one action saw: set when it settles, kept for its evidence. */
export interface SeenScreens {
  before?: Snapshot;
  after?: Snapshot;
  thumbnail?: Buffer;
}

/**
 * A small low-quality JPEG of the screen as it is now, or undefined: a device without
 * screenshots, a failure or a slow capture only leave the thumbnail out.
 */
export async function takeThumbnail(bridge: DeviceBridge): Promise<Buffer | undefined> {
  if (!bridge.capabilities.screenshot) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), THUMBNAIL_TIMEOUT_MS);
  });
  const shot = bridge
    .screenshot({ scale: THUMBNAIL_WIDTH / bridge.info.size.w, format: 'jpeg', quality: THUMBNAIL_QUALITY })
    .then((s) => s.data)
    .catch(() => undefined);
  try {
    return await Promise.race([shot, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The evidence of what an action saw: both outlines as text, and its thumbnail. */
export function evidenceOfScreens(seen: SeenScreens): ActionEvidence {
  const evidence: ActionEvidence = {};
  if (seen.before) evidence.outlineBefore = renderOutline(seen.before);
  if (seen.after) evidence.outlineAfter = renderOutline(seen.after);
  if (seen.thumbnail) evidence.thumbnail = seen.thumbnail;
  return evidence;
}
