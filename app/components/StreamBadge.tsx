'use client';
import { useEffect, useState } from 'react';
import { useLink } from '../lib/socket';
import type { PaintDetail } from './FrameCanvas';

/** Frames painted over the last second, and how old the newest was when painted. */
interface Rate {
  fps: number;
  ageMs: number | null;
}

const LINK_TEXT = { connecting: 'connecting', live: 'live', reconnecting: 'reconnecting', resynced: 'live' } as const;

/**
 * The stream's health in one corner: frames per second painted here, the newest frame's age
 * when painted (device clock to this page's clock: both on one machine in a lab, else it
 * includes their difference), and the state of the link to the hub.
 */
export function StreamBadge({ deviceId, note }: { deviceId: string; note?: string }) {
  const link = useLink();
  const [rate, setRate] = useState<Rate>({ fps: 0, ageMs: null });
  useEffect(() => {
    let painted: number[] = [];
    let age: number | null = null;
    const onPaint = (e: Event) => {
      const d = (e as CustomEvent<PaintDetail>).detail;
      if (d.deviceId !== deviceId) return;
      painted.push(d.paintedAt);
      age = d.paintedAt - d.timestamp;
    };
    window.addEventListener('simlab:paint', onPaint);
    const timer = window.setInterval(() => {
      const now = performance.timeOrigin + performance.now();
      painted = painted.filter((t) => now - t <= 1000);
      setRate({ fps: painted.length, ageMs: age });
    }, 1000);
    return () => {
      window.removeEventListener('simlab:paint', onPaint);
      window.clearInterval(timer);
    };
  }, [deviceId]);
  return (
    <div className={`stream-badge ${link}`} data-testid="stream-badge" data-fps={rate.fps} title="Frames painted per second · age of the newest frame · image pixels per point asked · link to the hub">
      {rate.fps} fps · {rate.ageMs === null ? '—' : `${Math.max(0, Math.round(rate.ageMs))} ms`}
      {note ? ` · ${note}` : ''} · {LINK_TEXT[link]}
    </div>
  );
}
