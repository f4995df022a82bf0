import type { CommandResult } from '../../core/wire/worker-protocol.js';
import { MAX_EVIDENCE_SCREENSHOT_BYTES } from '../../core/wire/recording-protocol.js';
import type { DeviceRecorder } from './device-recorder.js';
import type { TouchLog } from './touch-log.js';

/**
 * Adds to an action's evidence where it sits in the device's recording (start, end, settled
 * frame), the touches it performed and full-size screenshots before and after. Only actions
 * that have evidence (observations have none) and only while the device is recorded.
 */
export async function withMedia(result: CommandResult, recorder: DeviceRecorder | undefined, touches: TouchLog | undefined, startedAt: number, endedAt: number): Promise<CommandResult> {
  if (!result.evidence || !recorder) return result;
  const frames = await recorder.framesOf(startedAt, endedAt);
  if (!frames) return result;
  const t0 = startedAt - frames.startMs;
  const evidence = {
    ...result.evidence,
    media: {
      recordingId: recorder.recordingId,
      startMs: frames.startMs,
      endMs: frames.endMs,
      ...(frames.settledMs !== undefined ? { settledMs: frames.settledMs } : {}),
      touches: (touches?.between(startedAt, endedAt) ?? []).slice(0, 100).map((touch) => ({
        atMs: Math.max(0, Math.round(touch.at - t0)),
        fingers: touch.timeline.fingers.slice(0, 10).map((f) => ({ id: f.id, points: f.points.slice(0, 4000) })),
      })),
    },
    ...(frames.before && frames.before.byteLength <= MAX_EVIDENCE_SCREENSHOT_BYTES ? { screenshotBefore: Uint8Array.from(frames.before) } : {}),
    ...(frames.after && frames.after.byteLength <= MAX_EVIDENCE_SCREENSHOT_BYTES ? { screenshotAfter: Uint8Array.from(frames.after) } : {}),
  };
  return { ...result, evidence };
}
