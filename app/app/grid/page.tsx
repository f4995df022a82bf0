'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { DeviceSummary } from '../../../core/wire/ui-protocol.js';
import { FrameCanvas } from '../../components/FrameCanvas';
import { stateText } from '../../lib/lease';
import { useMe, type Me } from '../../lib/me';
import { useLiveDevices } from '../../lib/live-devices';
import { useStoredChoice } from '../../lib/stored-choice';

type TileSize = 's' | 'm' | 'l';
/** Tile widths in CSS px: many small tiles, or a few large enough to read. */
const WIDTHS: Record<TileSize, number> = { s: 180, m: 260, l: 380 };
/** A landscape tile is this much wider than a portrait one, so its screen is not a strip. */
const LANDSCAPE_WIDER = 1.75;
/** Frames per second per tile: enough to see motion, a tenth of one device page's. */
const TILE_FPS = 4;

/** Image pixels per point for a tile this wide on this screen: no sharper than one screen pixel, at least a quarter. */
function tileScale(width: number, points: number): number {
  const ratio = (width * (window.devicePixelRatio || 1)) / points;
  return Math.min(1, Math.max(0.25, Math.ceil(ratio * 4) / 4));
}

function Tile({ device, width, me }: { device: DeviceSummary; width: number; me: Me | null }) {
  const [scale, setScale] = useState<number | null>(null);
  useEffect(() => setScale(tileScale(width, device.size.w)), [width, device.size.w]);
  const busy = device.state === 'online' && device.lease;
  return (
    <Link href={`/devices/${encodeURIComponent(device.id)}`} className="tile card" style={{ width }} data-testid="tile" data-device={device.id} title={`Open ${device.name}`}>
      <div className="tile-screen" style={{ aspectRatio: `${device.size.w} / ${device.size.h}` }}>
        {device.state === 'online' && scale !== null ? <FrameCanvas deviceId={device.id} maxFps={TILE_FPS} scale={scale} quality={50} /> : <span className="muted">offline</span>}
      </div>
      <div className="tile-meta">
        <strong>{device.name}</strong>
        <span className={`state small ${device.state === 'offline' ? 'offline' : busy ? 'busy' : 'free'}`}>{stateText(device, me)}</span>
      </div>
    </Link>
  );
}

/** Every device live side by side, each at a few frames a second and a tile's size; a tile opens its device page. */
export default function GridPage() {
  const me = useMe();
  const { devices, error } = useLiveDevices('grid');
  const [size, setSize] = useStoredChoice<TileSize>('simlab.grid-size', 'm', ['s', 'm', 'l']);
  const [onlineOnly, setOnlineOnly] = useState(true);

  const shown = (devices ?? []).filter((d) => !onlineOnly || d.state === 'online');
  return (
    <section>
      <div className="page-head">
        <h1>Grid</h1>
        <span className="segmented" role="group" aria-label="Tile size">
          {(['s', 'm', 'l'] as const).map((z) => (
            <button key={z} className={size === z ? 'small' : 'small ghost'} aria-pressed={size === z} onClick={() => setSize(z)} data-testid={`tiles-${z}`}>
              {z.toUpperCase()}
            </button>
          ))}
        </span>
        <label className="small">
          <input type="checkbox" checked={onlineOnly} onChange={(e) => setOnlineOnly(e.target.checked)} /> online only
        </label>
        <span className="muted small">
          {shown.length} device{shown.length === 1 ? '' : 's'} · {TILE_FPS} fps each · click one to open it
        </span>
      </div>
      {error && <p className="error">{error}</p>}
      {devices === null && !error && <p className="muted">Loading devices…</p>}
      {devices !== null && shown.length === 0 && <p className="muted">No device online.</p>}
      <div className="tiles">
        {shown.map((d) => (
          <Tile key={d.id} device={d} width={d.size.w > d.size.h ? Math.round(WIDTHS[size] * LANDSCAPE_WIDER) : WIDTHS[size]} me={me} />
        ))}
      </div>
    </section>
  );
}
