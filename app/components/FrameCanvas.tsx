'use client';
import { useRef } from 'react';
import type { FrameUpdate } from '../../core/wire/ui-protocol.js';
import { useLive, usePageVisible } from '../lib/socket';

export interface PaintDetail {
  deviceId: string;
  /** When the device produced the frame (ms since epoch). */
  timestamp: number;
  /** When the page painted it (ms since epoch). */
  paintedAt: number;
}

interface Props {
  deviceId: string;
  /** A ceiling for the frame rate (thumbnails); none means as fast as the page paints. */
  maxFps?: number;
  /** Image pixels per device point to ask for (the pixel ratio the canvas is shown at), and JPEG quality. */
  scale?: number;
  quality?: number;
  className?: string;
  onFrameSize?: (width: number, height: number) => void;
}

/**
 * A device's live frames painted on a canvas. Frames are requested only while this is mounted
 * and the page is visible; each is acked once painted, so the hub sends the newest next and a
 * slow page skips frames instead of queueing them. Every paint is announced as a
 * `simlab:paint` event on window (the stream benchmark listens to it).
 */
export function FrameCanvas({ deviceId, maxFps, scale, quality, className, onFrameSize }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const paintCount = useRef(0);
  const visible = usePageVisible();
  const sizeCb = useRef(onFrameSize);
  sizeCb.current = onFrameSize;

  useLive(`${deviceId}:${maxFps ?? 0}:${scale ?? 0}:${quality ?? 0}:${visible}`, visible ? (s) => {
    let alive = true;
    const onFrame = (frame: FrameUpdate, painted: () => void) => {
      if (frame.deviceId !== deviceId) return;
      if (!alive) return painted();
      const bytes = frame.data instanceof Uint8Array ? frame.data : new Uint8Array(frame.data);
      createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }))
        .then((bitmap) => {
          requestAnimationFrame(() => {
            const c = canvas.current;
            if (alive && c) {
              if (c.width !== bitmap.width || c.height !== bitmap.height) {
                c.width = bitmap.width;
                c.height = bitmap.height;
                sizeCb.current?.(bitmap.width, bitmap.height);
              }
              c.getContext('2d')?.drawImage(bitmap, 0, 0);
              const detail: PaintDetail = { deviceId, timestamp: frame.timestamp, paintedAt: performance.timeOrigin + performance.now() };
              window.dispatchEvent(new CustomEvent('simlab:paint', { detail }));
              // Counters on the element itself, not React state: a frame must not re-render the page.
              paintCount.current += 1;
              c.dataset.frames = String(paintCount.current);
              c.dataset.frameTs = String(frame.timestamp);
            }
            bitmap.close();
            painted();
          });
        })
        .catch(() => painted());
    };
    s.on('frame', onFrame);
    s.emit('frames:subscribe', { deviceId, ...(maxFps ? { maxFps } : {}), ...(scale ? { scale } : {}), ...(quality ? { quality } : {}) });
    return () => {
      alive = false;
      s.off('frame', onFrame);
      s.emit('frames:unsubscribe', { deviceId });
    };
  } : null);

  return <canvas ref={canvas} className={className} data-testid="frame" data-frames="0" />;
}
