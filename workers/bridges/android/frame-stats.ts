/**
 * What `dumpsys gfxinfo <package> framestats` says about an app's drawing: the device's uptime
 * when it answered (`Uptime:` in ms, SystemClock.uptimeMillis, the monotonic clock) and the
 * latest frame of the app's windows (the `---PROFILEDATA---` rows: the app's last 120 frames,
 * timestamps in ns of the same monotonic clock). The columns changed across Android versions
 * (FrameTimelineVsyncId, InputEventId and others came in Android 12), so they are found by name.
 */
export interface FrameStats {
  uptimeMs: number;
  /** When the app last drew or was asked to (ms, device clock); undefined when no frame is listed. */
  lastFrameMs?: number;
  /** Frame rows read. */
  frames: number;
}

/** The columns that time a frame: asked for at its vsync, finished when the frame completed. */
const FRAME_COLUMNS = ['IntendedVsync', 'Vsync', 'FrameCompleted'] as const;

/** Undefined when the output is not gfxinfo's (no uptime), e.g. `No process found for: ...`. */
export function parseFrameStats(text: string): FrameStats | undefined {
  const uptime = /^Uptime: (\d+)/m.exec(text)?.[1];
  if (uptime === undefined) return undefined;
  let last: number | undefined;
  let frames = 0;
  let columns: number[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('Flags,')) {
      const names = line.split(',');
      columns = FRAME_COLUMNS.map((c) => names.indexOf(c)).filter((i) => i >= 0);
      continue;
    }
    if (line === '---PROFILEDATA---') continue;
    if (!columns || !/^\d+,/.test(line)) {
      // A window's block ends at its closing marker; anything else that is not a row ends it too.
      if (line !== '') columns = undefined;
      continue;
    }
    const values = line.split(',');
    frames++;
    for (const i of columns) {
      const ns = Number(values[i]);
      // Zero: a step the frame never reached (a skipped frame has no FrameCompleted).
      if (Number.isFinite(ns) && ns > 0) last = Math.max(last ?? 0, ns / 1e6);
    }
  }
  return { uptimeMs: Number(uptime), ...(last === undefined ? {} : { lastFrameMs: last }), frames };
}

/** A package name as Android allows it: only these are put in a command line. */
export const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/** The app a dump shows: the package of its first node (`<node>` in uiautomator's form, the class name as the tag in the UiAutomator2 server's). */
export function packageOfDump(xml: string): string | undefined {
  const pkg = /\spackage="([^"]*)"/.exec(xml)?.[1];
  return pkg && PACKAGE_NAME.test(pkg) ? pkg : undefined;
}

/**
 * Three frames at 60 Hz: an app that is animating draws well within it, so an app that drew
 * nothing for this long is not moving.
 */
export const FRAME_IDLE_MS = 50;

/** Host times (this process's performance clock) around one reading of the frame stats. */
export interface FrameStatsTiming {
  /** When the tree dump these stats vouch for began. */
  dumpStartedAt: number;
  /** When the stats were asked for, and when they came. */
  sentAt: number;
  answeredAt: number;
  /** When the last input ended. */
  lastInputAt: number;
}

/**
 * The app's own frames say the screen is at rest, and the dump shows it: no frame since the
 * dump began (so the tree is the one on screen), none for FRAME_IDLE_MS (nothing animates),
 * and the input ended at least FRAME_IDLE_MS before (the app had time to draw its reaction).
 * The device's clock is not the host's: the uptime was read somewhere between `sentAt` and
 * `answeredAt`, so every span is taken at its shortest.
 */
export function framesAtRest(stats: FrameStats, t: FrameStatsTiming): boolean {
  if (stats.lastFrameMs === undefined) return false;
  const idleFor = stats.uptimeMs - stats.lastFrameMs;
  return idleFor >= Math.max(FRAME_IDLE_MS, t.answeredAt - t.dumpStartedAt) && t.dumpStartedAt > t.lastInputAt && t.sentAt - t.lastInputAt >= FRAME_IDLE_MS;
}
