import { renderOutline } from '../../core/outline/render.js';
import type { ActionTrace } from '../../core/wire/action-data.js';
import type { Snapshot } from '../../core/outline/snapshot.js';
import type { DeviceBridge } from '../bridge.js';

/** Thumbnail width in image pixels: enough to recognise a screen in a log, small enough to keep every one. */
const THUMBNAIL_WIDTH = 140;
const THUMBNAIL_QUALITY = 40;
/** A thumbnail slower than this is left out rather than holding the device. */
const THUMBNAIL_TIMEOUT_MS = 1500;

/** What the action log keeps of an action beside its envelope: its trace, and what it saw. */
export interface ActionEvidence extends ActionTrace {
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
  /** The settled diff between them, as the action answered it. */
  diff?: string;
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

/** The evidence of what an action saw: the snapshot ids and diff, both outlines as text, and its thumbnail. */
export function evidenceOfScreens(seen: SeenScreens): ActionEvidence {
  const evidence: ActionEvidence = {};
  if (seen.before) {
    evidence.before = seen.before.id;
    evidence.outlineBefore = renderOutline(seen.before);
  }
  if (seen.after) {
    evidence.after = seen.after.id;
    evidence.outlineAfter = renderOutline(seen.after);
  }
  if (seen.diff !== undefined) evidence.diff = seen.diff;
  if (seen.thumbnail) evidence.thumbnail = seen.thumbnail;
  return evidence;
}
