// Which way a device's live frames come, picked once when the device opens: screenrecord's
// H.264 (hardware encoded, transcoded here by ffmpeg) where the device records and the host has
// ffmpeg, else repeated `screencap -p` (slow, but every device has it). minicap is not offered
// by this worker (see README): its prebuilt binaries cover Android 10 and older and no emulator.
import type { Duplex } from 'node:stream';

export type FramePath = 'screenrecord' | 'screencap';

export interface FramePathChoice {
  path: FramePath;
  reason: string;
}

export interface FramePathFacts {
  /** ffmpeg on the host, or null. */
  ffmpegPath: string | null;
  /** Whether a short `screenrecord --output-format=h264` gave H.264, and what it said if not. */
  screenrecord: { ok: true } | { ok: false; said: string };
}

export function pickFramePath(facts: FramePathFacts): FramePathChoice {
  if (!facts.ffmpegPath) return { path: 'screencap', reason: 'no ffmpeg on this host to decode screenrecord (set FFMPEG_PATH or install ffmpeg): repeated screencap' };
  if (!facts.screenrecord.ok) return { path: 'screencap', reason: `screenrecord gave no H.264 (${facts.screenrecord.said || 'no output'}): repeated screencap` };
  return { path: 'screenrecord', reason: 'screenrecord streams H.264 (ffmpeg decodes it here)' };
}

/** An Annex B start code at the head of the stream: H.264 came out. */
function isH264(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0 && head[1] === 0 && (head[2] === 1 || (head[2] === 0 && head[3] === 1));
}

/** Runs screenrecord for at most a second and looks at what it printed first. */
export async function probeScreenrecord(open: (command: string) => Promise<Duplex>, timeoutMs = 5000): Promise<FramePathFacts['screenrecord']> {
  let stream: Duplex;
  try {
    stream = await open('screenrecord --output-format=h264 --time-limit 1 -');
  } catch (err) {
    return { ok: false, said: err instanceof Error ? err.message : String(err) };
  }
  return new Promise((resolve) => {
    let head = Buffer.alloc(0);
    const done = (result: FramePathFacts['screenrecord']) => {
      clearTimeout(timer);
      stream.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done({ ok: false, said: `nothing within ${timeoutMs} ms` }), timeoutMs);
    stream.on('data', (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]).subarray(0, 200);
      if (head.length >= 4) done(isH264(head) ? { ok: true } : { ok: false, said: head.toString('utf8').trim().slice(0, 160) });
    });
    stream.on('error', () => undefined);
    stream.on('close', () => done({ ok: false, said: head.toString('utf8').trim().slice(0, 160) }));
  });
}
