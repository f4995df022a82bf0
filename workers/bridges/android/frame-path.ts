// Which way a device's live frames come, picked once when the device opens: minicap (JPEG frames
// on every change, straight from the device) where a prebuilt one fits the device's ABI and SDK
// and passes its own check; else screenrecord's H.264 (hardware encoded, transcoded here by
// ffmpeg) where the device records and the host has ffmpeg; else repeated `screencap -p` (slow,
// but every device has it). The reason names why each faster path was passed over.
import type { Duplex } from 'node:stream';

export type FramePath = 'minicap' | 'screenrecord' | 'screencap';

export interface FramePathChoice {
  path: FramePath;
  reason: string;
}

export interface FramePathFacts {
  /** ffmpeg on the host, or null. */
  ffmpegPath: string | null;
  /** Whether a short `screenrecord --output-format=h264` gave H.264, and what it said if not. */
  screenrecord: { ok: true } | { ok: false; said: string };
  /** Whether minicap was pushed and passed `minicap -t` (with what it runs as), and why not if not. */
  minicap?: { ok: true; what: string } | { ok: false; said: string };
}

export function pickFramePath(facts: FramePathFacts): FramePathChoice {
  const choice = pickPath(facts);
  return { ...choice, reason: reasonText(choice.reason) };
}

/** A reason as `devices` carries it: one line, no markup, at most 500 characters (what tools print may hold any of these). */
export function reasonText(text: string): string {
  const oneLine = [...text].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');
  return oneLine.replace(/[<>]/g, '').replace(/ {2,}/g, ' ').slice(0, 500);
}

function pickPath(facts: FramePathFacts): FramePathChoice {
  const minicap = facts.minicap;
  if (minicap?.ok) return { path: 'minicap', reason: `minicap (${minicap.what}) streams a JPEG frame on every change` };
  const without = minicap ? `; no minicap: ${minicap.said}` : '';
  if (!facts.ffmpegPath) return { path: 'screencap', reason: `no ffmpeg on this host to decode screenrecord (set FFMPEG_PATH or install ffmpeg): repeated screencap${without}` };
  if (!facts.screenrecord.ok) return { path: 'screencap', reason: `screenrecord gave no H.264 (${facts.screenrecord.said || 'no output'}): repeated screencap${without}` };
  return { path: 'screenrecord', reason: `screenrecord streams H.264 (ffmpeg decodes it here)${without}` };
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
