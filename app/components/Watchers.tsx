'use client';
import { useState } from 'react';
import type { DeviceViewer, DeviceViewers } from '../../core/wire/ui-protocol.js';
import type { Me } from '../lib/me';
import { useLive } from '../lib/socket';

interface Props {
  deviceId: string;
  /** The token name holding the device's lease, if anyone does. */
  holder: string | null;
  me: Me | null;
}

/**
 * Who has this device's page open (every tab, on every hub) and who holds its lease, kept live:
 * the list comes when asked and again whenever someone opens or leaves the page.
 */
export function Watchers({ deviceId, holder, me }: Props) {
  const [viewers, setViewers] = useState<DeviceViewer[] | null>(null);
  useLive(`viewers:${deviceId}`, (s) => {
    const onViewers = (v: DeviceViewers) => v.deviceId === deviceId && setViewers(v.viewers);
    s.on('viewers', onViewers);
    s.emit('device:viewers', { deviceId }, (reply) => reply.ok && setViewers(reply.data.viewers));
    return () => void s.off('viewers', onViewers);
  });
  if (!viewers) return <p className="muted small">…</p>;
  const holderWatching = holder !== null && viewers.some((v) => v.name === holder);
  return (
    <ul className="watchers" data-testid="watchers">
      {viewers.map((v) => (
        <li key={`${v.name}:${v.role}`} className={v.name === holder ? 'holds' : ''} data-testid="watcher" data-name={v.name}>
          <span className="who">{v.name}</span>
          {me?.name === v.name && <span className="muted small"> (you)</span>}
          <span className="muted small">
            {' '}
            {v.role}
            {v.pages > 1 ? ` · ${v.pages} tabs` : ''}
          </span>
          {v.name === holder && <span className="badge ok" title="Holds the lease: the only one who can act">lease</span>}
        </li>
      ))}
      {holder !== null && !holderWatching && (
        <li className="holds" data-testid="watcher" data-name={holder} title="Holds the lease without this page open (an agent, the CLI)">
          <span className="who">{holder}</span>
          <span className="muted small"> not watching</span>
          <span className="badge ok">lease</span>
        </li>
      )}
    </ul>
  );
}
