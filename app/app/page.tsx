'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { DeviceSummary } from '../../core/wire/ui-protocol.js';
import { FrameCanvas } from '../components/FrameCanvas';
import { errorText } from '../lib/api';
import { heldElsewhere, stateText, takeDevice, takeOver } from '../lib/lease';
import { atLeast, useMe, type Me } from '../lib/me';
import { useLiveDevices } from '../lib/live-devices';

function DeviceCard({ device, me }: { device: DeviceSummary; me: Me | null }) {
  const canTake = atLeast(me, 'agent');
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const take = async (how: 'now' | 'queue' | 'over') => {
    if (how === 'over' && !window.confirm(`Take ${device.name} over? The other client of your token loses its lease and its session ends.`)) return;
    setBusy(how === 'queue' ? 'Waiting in the queue…' : 'Taking…');
    setError(null);
    try {
      await (how === 'over' ? takeOver(device) : takeDevice(device.id, how === 'queue'));
      router.push(`/devices/${encodeURIComponent(device.id)}`);
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };
  const elsewhere = heldElsewhere(device, me);
  const state = device.state === 'offline' ? 'offline' : elsewhere ? 'elsewhere' : device.lease ? 'busy' : 'free';
  return (
    <article className="device-card card" data-testid="device-card" data-device={device.id}>
      <Link href={`/devices/${encodeURIComponent(device.id)}`} className="thumb" title="Open (watch)">
        {device.state === 'online' ? <FrameCanvas deviceId={device.id} maxFps={2} /> : <span className="muted">offline</span>}
      </Link>
      <div className="device-meta">
        <strong>{device.name}</strong>
        <span className="muted">
          {device.platform} · {device.model}
        </span>
        <span className={`state ${state}`} data-testid="device-state">
          {stateText(device, me)}
        </span>
      </div>
      <div className="row">
        <Link className="button ghost" href={`/devices/${encodeURIComponent(device.id)}`}>
          Open
        </Link>
        {canTake && state === 'free' && (
          <button onClick={() => void take('now')} disabled={!!busy} data-testid="take">
            Take
          </button>
        )}
        {canTake && state === 'busy' && (
          <button onClick={() => void take('queue')} disabled={!!busy} data-testid="queue">
            Join queue
          </button>
        )}
        {canTake && state === 'elsewhere' && (
          <button onClick={() => void take('over')} disabled={!!busy} data-testid="takeover" title="End the other client's lease and take the device here">
            Take over
          </button>
        )}
      </div>
      {busy && <p className="muted">{busy}</p>}
      {error && <p className="error">{error}</p>}
    </article>
  );
}

export default function DevicesPage() {
  const me = useMe();
  const { devices, error } = useLiveDevices('devices');
  const [platform, setPlatform] = useState('all');
  const [state, setState] = useState('all');
  const [denied, setDenied] = useState<string | null>(null);
  useEffect(() => setDenied(new URLSearchParams(window.location.search).get('denied')), []);

  const shown = useMemo(
    () =>
      (devices ?? []).filter((d) => {
        if (platform !== 'all' && d.platform !== platform) return false;
        if (state === 'available') return d.state === 'online' && !d.lease;
        if (state === 'in-use') return d.state === 'online' && !!d.lease;
        if (state === 'offline') return d.state === 'offline';
        return true;
      }),
    [devices, platform, state],
  );

  return (
    <section>
      <div className="page-head">
        <h1>Devices</h1>
        <label>
          Platform{' '}
          <select value={platform} onChange={(e) => setPlatform(e.target.value)}>
            <option value="all">all</option>
            <option value="web">web</option>
            <option value="android">android</option>
            <option value="ios">ios</option>
          </select>
        </label>
        <label>
          State{' '}
          <select value={state} onChange={(e) => setState(e.target.value)}>
            <option value="all">all</option>
            <option value="available">available</option>
            <option value="in-use">in use</option>
            <option value="offline">offline</option>
          </select>
        </label>
      </div>
      {denied && <p className="error">That page ({denied}) needs the admin role.</p>}
      {me && !atLeast(me, 'agent') && <p className="note">You are signed in as a viewer: you can watch every device but not take one.</p>}
      {error && <p className="error">{error}</p>}
      {devices === null && !error && <p className="muted">Loading devices…</p>}
      {devices !== null && devices.length === 0 && <p className="muted">No devices yet: start a worker (npm run worker) and its devices appear here.</p>}
      {devices !== null && devices.length > 0 && shown.length === 0 && <p className="muted">No device matches these filters.</p>}
      <div className="grid">
        {shown.map((d) => (
          <DeviceCard key={d.id} device={d} me={me} />
        ))}
      </div>
    </section>
  );
}
