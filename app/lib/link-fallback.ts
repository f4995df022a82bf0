'use client';
import { useEffect, useState } from 'react';
import type { PaintDetail } from '../components/FrameCanvas';
import { LinkJudge } from './link-judge';

/** After falling back, sharp frames are tried again this much later, then twice as late each time it fails again. */
const RETRY_MS = 30_000;
const RETRY_MAX_MS = 300_000;

/**
 * True while this device's sharp stream should fall back to one pixel per point: set when the
 * link falls short, cleared after a while to try again (longer after each failed try).
 */
export function useLinkFallback(deviceId: string, sharp: boolean): boolean {
  const [fallback, setFallback] = useState(false);
  useEffect(() => {
    if (!sharp) return;
    const judge = new LinkJudge();
    let retry = RETRY_MS;
    let timer = 0;
    let down = false;
    const onPaint = (e: Event) => {
      const d = (e as CustomEvent<PaintDetail>).detail;
      if (d.deviceId !== deviceId || down || !judge.add(d.paintedAt - d.timestamp)) return;
      down = true;
      setFallback(true);
      timer = window.setTimeout(() => {
        down = false;
        judge.reset();
        setFallback(false);
      }, retry);
      retry = Math.min(RETRY_MAX_MS, retry * 2);
    };
    window.addEventListener('simlab:paint', onPaint);
    return () => {
      window.removeEventListener('simlab:paint', onPaint);
      window.clearTimeout(timer);
      setFallback(false);
    };
  }, [deviceId, sharp]);
  return fallback;
}
