'use client';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import type { Size } from '../../core/model/geometry.js';
import type { InspectableElement } from '../../core/wire/ui-protocol.js';
import { DRAG_SLOP_PX, LONG_PRESS_MS, elementAt, gestureCentre, mirrored, rotation, thin, toDevicePoint, type Centre, type TimedPoint } from '../lib/gestures';
import { useLinkFallback } from '../lib/link-fallback';
import { FrameCanvas } from './FrameCanvas';
import { StreamBadge } from './StreamBadge';

export type Send = (command: string, args: unknown) => void;

/** How big the phone is drawn: as large as the page allows, one CSS pixel per point, or two. */
export type Zoom = 'fit' | '1x' | '2x';
/** Sharp: frames at the screen's pixel ratio (up to 3x); saver: one pixel per point, lower quality. */
export type StreamQuality = 'sharp' | 'saver';

const QUALITY: Record<StreamQuality, number> = { sharp: 80, saver: 45 };

/** Image pixels per point a stream shown this wide needs on this screen: its pixel ratio, in quarter steps, 1 to 3. */
export function frameScale(cssWidth: number, points: number, quality: StreamQuality): number {
  if (quality === 'saver' || cssWidth <= 0) return 1;
  const ratio = (cssWidth * (window.devicePixelRatio || 1)) / points;
  return Math.min(3, Math.max(1, Math.ceil(ratio * 4) / 4));
}

/** A landscape screen fits by width (the page's height would make it wider than the column may be). */
function landscapeFit(size: Size) {
  return { aspectRatio: `${size.w} / ${size.h}`, height: 'auto', minHeight: 0, width: `min(var(--landscape-max, 55vw), calc((100vh - 260px) * ${(size.w / size.h).toFixed(4)}))` };
}

interface Props {
  deviceId: string;
  size: Size;
  elements: InspectableElement[];
  /** Null when this person may act; else why not (controls stay off). */
  blocked: string | null;
  /** The keys the device presses (its capabilities); other named keys stay with the page. */
  keys: string[];
  /** True while a text field on the device has focus: printable keys are typed, shortcuts included. */
  typing: boolean;
  /** The element a click on the stream landed on (null: none), so the page can tell a text field was tapped. */
  onTapElement: (element: InspectableElement | null) => void;
  inspecting: boolean;
  zoom: Zoom;
  quality: StreamQuality;
  highlight: InspectableElement | null;
  send: Send;
  onHover: (index: number | null) => void;
  onSelect: (index: number) => void;
}

interface Press {
  t0: number;
  startX: number;
  startY: number;
  maxMove: number;
  points: TimedPoint[];
  mode: 'one' | 'pinch' | 'rotate';
  centre: Centre;
}

/** Printable keys that are the page's shortcuts while nothing on the device takes text. */
const PAGE_SHORTCUTS = new Set(['?', 'i', 's', 'b', 'h', 't']);
const TYPE_FLUSH_MS = 250;
const WHEEL_FLUSH_MS = 150;

/**
 * The live stream at device scale, turned into device input: click = tap, hold = long press,
 * drag = the path as drawn (perform), wheel = scroll-by, Alt-drag = pinch mirrored around the
 * centre (of the element under the press, see gestureCentre), Shift+Alt-drag = rotate; typing goes to the device while the stream has focus (the page's shortcut letters only while
 * a text field on the device has focus), and named keys only where the device has them.
 */
export function StreamSurface({ deviceId, size, elements, blocked, keys, typing, inspecting, zoom, quality, highlight, send, onHover, onSelect, onTapElement }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const typed = useRef({ text: '', timer: 0 });
  const wheel = useRef({ dx: 0, dy: 0, x: 0, y: 0, timer: 0 });
  const [fingers, setFingers] = useState<Array<{ x: number; y: number }>>([]);
  const [cssWidth, setCssWidth] = useState(0);
  const wanted = frameScale(cssWidth, size.w, quality);
  // Sharp frames the link cannot carry come at one pixel per point until it can.
  const slowLink = useLinkFallback(deviceId, wanted > 1);
  const scale = slowLink ? 1 : wanted;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setCssWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rect = () => (box.current as HTMLDivElement).getBoundingClientRect();
  const point = (e: { clientX: number; clientY: number }) => toDevicePoint(e.clientX, e.clientY, rect(), size);
  const cssScale = cssWidth > 0 ? cssWidth / size.w : 0;

  const showFingers = (p: { x: number; y: number }, mode: Press['mode'], centre: Centre) => {
    if (mode === 'one') return setFingers([]);
    const path = [{ ...p, t: 0 }];
    const [a, b] = mode === 'rotate' ? rotation(path, centre) : [path, mirrored(path, centre)];
    setFingers([a[0] as TimedPoint, b[0] as TimedPoint]);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    box.current?.focus();
    setCssWidth(rect().width);
    const p = point(e);
    if (inspecting) {
      const el = elementAt(elements, p.x, p.y);
      if (el) onSelect(el.index);
      return;
    }
    if (blocked) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const mode = e.altKey ? (e.shiftKey ? 'rotate' : 'pinch') : 'one';
    const centre = gestureCentre(elements, p.x, p.y, size);
    press.current = { t0: performance.now(), startX: e.clientX, startY: e.clientY, maxMove: 0, points: [{ ...p, t: 0 }], mode, centre };
    showFingers(p, mode, centre);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = point(e);
    const current = press.current;
    if (!current) {
      onHover(elementAt(elements, p.x, p.y)?.index ?? null);
      if (e.altKey && !blocked && !inspecting) {
        setCssWidth(rect().width);
        showFingers(p, e.shiftKey ? 'rotate' : 'pinch', gestureCentre(elements, p.x, p.y, size));
      } else if (fingers.length) setFingers([]);
      return;
    }
    current.maxMove = Math.max(current.maxMove, Math.hypot(e.clientX - current.startX, e.clientY - current.startY));
    current.points.push({ ...p, t: Math.round(performance.now() - current.t0) });
    showFingers(p, current.mode, current.centre);
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    press.current = null;
    if (!current) return;
    setFingers([]);
    const duration = Math.round(performance.now() - current.t0);
    const first = current.points[0] as TimedPoint;
    const end = { ...point(e), t: Math.max(duration, (current.points.at(-1) as TimedPoint).t) };
    const path = thin([...current.points, end]);
    if (current.maxMove < DRAG_SLOP_PX) {
      if (current.mode !== 'one') return;
      onTapElement(elementAt(elements, first.x, first.y));
      if (duration < LONG_PRESS_MS) send('tap', { target: { x: first.x, y: first.y } });
      else send('long-press', { target: { x: first.x, y: first.y }, ms: Math.min(10_000, duration) });
      return;
    }
    if (current.mode === 'one') return send('perform', { fingers: [{ id: 0, points: path }] });
    const [a, b] = current.mode === 'rotate' ? rotation(path, current.centre) : [path, mirrored(path, current.centre)];
    send('perform', { fingers: [{ id: 0, points: a }, { id: 1, points: b }] });
  };

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (blocked || inspecting) return;
    const r = rect();
    const w = wheel.current;
    const p = point(e);
    w.dx += (e.deltaX / r.width) * size.w;
    w.dy += (e.deltaY / r.height) * size.h;
    w.x = p.x;
    w.y = p.y;
    window.clearTimeout(w.timer);
    w.timer = window.setTimeout(() => {
      const dx = Math.round(w.dx);
      const dy = Math.round(w.dy);
      w.dx = 0;
      w.dy = 0;
      if (dx !== 0 || dy !== 0) send('scroll-by', { dx, dy, target: { x: w.x, y: w.y } });
    }, WHEEL_FLUSH_MS);
  };

  const flushTyped = () => {
    const t = typed.current;
    window.clearTimeout(t.timer);
    if (t.text) send('type', { text: t.text });
    t.text = '';
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (blocked || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.length === 1) {
      if (!typing && PAGE_SHORTCUTS.has(e.key)) return;
      e.preventDefault();
      typed.current.text += e.key;
      window.clearTimeout(typed.current.timer);
      typed.current.timer = window.setTimeout(flushTyped, TYPE_FLUSH_MS);
      return;
    }
    if (e.key === 'Escape' && !typing) return;
    const key = keys.find((k) => k.toLowerCase() === e.key.toLowerCase());
    if (!key) return;
    e.preventDefault();
    flushTyped();
    send('key', { key });
  };

  const box2 = (f: { x: number; y: number; w: number; h: number }) => ({ left: f.x * cssScale, top: f.y * cssScale, width: f.w * cssScale, height: f.h * cssScale });

  return (
    <div
      ref={box}
      className={`stream ${blocked ? 'blocked' : ''} ${inspecting ? 'inspecting' : ''}`}
      style={zoom !== 'fit' ? { aspectRatio: `${size.w} / ${size.h}`, width: size.w * (zoom === '2x' ? 2 : 1), height: 'auto' } : size.w > size.h ? landscapeFit(size) : { aspectRatio: `${size.w} / ${size.h}` }}
      data-orientation={size.w > size.h ? 'landscape' : 'portrait'}
      data-zoom={zoom}
      data-scale={scale}
      tabIndex={0}
      data-keys={blocked || !typing ? undefined : 'device'}
      data-testid="stream"
      title={blocked ?? (inspecting ? 'Inspect: click an element' : 'Click to tap, drag to swipe, Alt-drag to pinch, type to send keys')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        press.current = null;
        setFingers([]);
      }}
      onPointerLeave={() => !press.current && onHover(null)}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
      onBlur={flushTyped}
    >
      <FrameCanvas deviceId={deviceId} scale={scale} quality={QUALITY[quality]} />
      <StreamBadge deviceId={deviceId} note={slowLink ? 'slow link: 1x' : `${scale}x`} />
      {highlight && cssScale > 0 && <div className="highlight" data-testid="highlight" style={box2(highlight.frame)} />}
      {fingers.map((f, i) => (
        <div key={i} className="finger" data-testid="finger" style={{ left: f.x * cssScale, top: f.y * cssScale }} />
      ))}
    </div>
  );
}
