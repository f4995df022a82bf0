'use client';
import { useParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionEntry, DeviceSummary, OutlineProblem, OutlineUpdate } from '../../../../core/wire/ui-protocol.js';
import { ActionLog } from '../../../components/ActionLog';
import { Inspector } from '../../../components/Inspector';
import { OutlinePanel } from '../../../components/OutlinePanel';
import { typingInto } from '../../../components/Shell';
import { StreamSurface } from '../../../components/StreamSurface';
import { errorText } from '../../../lib/api';
import { controlBlocked, heldByMe, releaseLease, stateText, takeDevice } from '../../../lib/lease';
import { atLeast, useMe } from '../../../lib/me';
import { uiSocket, useLive } from '../../../lib/socket';

function upsert(list: ActionEntry[], action: ActionEntry): ActionEntry[] {
  const i = list.findIndex((a) => a.id === action.id);
  if (i < 0) return [...list, action].sort((a, b) => a.seq - b.seq);
  const next = list.slice();
  next[i] = action;
  return next;
}

export default function DevicePage() {
  const deviceId = decodeURIComponent(String(useParams<{ id: string }>().id));
  const me = useMe();
  const [device, setDevice] = useState<DeviceSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actions, setActions] = useState<ActionEntry[]>([]);
  const [outline, setOutline] = useState<OutlineUpdate | null>(null);
  const [outlineError, setOutlineError] = useState<string | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [inspecting, setInspecting] = useState(false);
  const [status, setStatus] = useState<{ text: string; bad: boolean } | null>(null);
  const [leaseBusy, setLeaseBusy] = useState<string | null>(null);
  const shot = useRef<HTMLAnchorElement>(null);

  useLive(`device:${deviceId}`, (s) => {
    const onDevice = (d: DeviceSummary) => d.id === deviceId && setDevice(d);
    const onAction = (a: ActionEntry) => a.deviceId === deviceId && setActions((list) => upsert(list, a));
    const onOutline = (o: OutlineUpdate) => {
      if (o.deviceId !== deviceId) return;
      setOutline(o);
      setOutlineError(null);
    };
    const onOutlineError = (p: OutlineProblem) => p.deviceId === deviceId && setOutlineError(p.message);
    s.on('device', onDevice);
    s.on('action', onAction);
    s.on('outline', onOutline);
    s.on('outline:error', onOutlineError);
    s.emit('device:watch', { deviceId }, (reply) => {
      if (!reply.ok) return setLoadError(reply.error.message);
      setDevice(reply.data.device);
      setActions(reply.data.actions);
    });
    s.emit('outline:subscribe', { deviceId });
    return () => {
      s.off('device', onDevice);
      s.off('action', onAction);
      s.off('outline', onOutline);
      s.off('outline:error', onOutlineError);
      s.emit('device:unwatch', { deviceId });
      s.emit('outline:unsubscribe', { deviceId });
    };
  });

  const blocked = controlBlocked(device, me);
  const send = useCallback(
    (command: string, args: unknown) => {
      setStatus({ text: `${command}…`, bad: false });
      uiSocket().emit('control', { deviceId, command, args }, (reply) => {
        if (reply.ok) setStatus({ text: `${command}: ok`, bad: false });
        else setStatus({ text: `${command}: ${reply.error.code}: ${reply.error.message}`, bad: true });
      });
    },
    [deviceId],
  );

  const take = async (wait: boolean) => {
    setLeaseBusy(wait ? 'Waiting in the queue…' : 'Taking…');
    try {
      await takeDevice(deviceId, wait);
      setStatus({ text: 'You hold this device', bad: false });
    } catch (err) {
      setStatus({ text: errorText(err), bad: true });
    } finally {
      setLeaseBusy(null);
    }
  };
  const release = async () => {
    if (!device?.lease) return;
    try {
      await releaseLease(device.lease.leaseId);
      setStatus({ text: 'Released', bad: false });
    } catch (err) {
      setStatus({ text: errorText(err), bad: true });
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typingInto(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'i') setInspecting((v) => !v);
      else if (e.key === 'Escape') setInspecting(false);
      else if (e.key === 's') shot.current?.click();
      else if (!blocked && e.key === 'b') send('button', { button: 'back' });
      else if (!blocked && e.key === 'h') send('button', { button: 'home' });
      else if (e.key === 't' && device && atLeast(me, 'agent')) {
        if (heldByMe(device, me)) void release();
        else if (!leaseBusy) void take(!!device.lease);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const byIndex = useMemo(() => new Map((outline?.elements ?? []).map((e) => [e.index, e])), [outline]);
  const size = outline?.size ?? device?.size ?? null;

  if (loadError) return <p className="error">Cannot show {deviceId}: {loadError}</p>;
  if (!device || !size) return <p className="muted">Loading {deviceId}…</p>;
  const mine = heldByMe(device, me);

  return (
    <section className="device-page">
      <div className="column stream-column">
        <div className="toolbar">
          <strong>{device.name}</strong>
          <span className="muted">
            {device.platform} · {device.model}
          </span>
          <span className={`state ${device.state === 'offline' ? 'offline' : device.lease ? 'busy' : 'free'}`} data-testid="holder">
            {mine ? 'held by you' : stateText(device)}
          </span>
        </div>
        <div className="toolbar">
          {atLeast(me, 'agent') && !device.lease && device.state === 'online' && (
            <button onClick={() => void take(false)} disabled={!!leaseBusy} data-testid="take">
              Take
            </button>
          )}
          {atLeast(me, 'agent') && device.lease && !mine && (
            <button onClick={() => void take(true)} disabled={!!leaseBusy} data-testid="queue">
              Join queue
            </button>
          )}
          {mine && (
            <button className="ghost" onClick={() => void release()} data-testid="release">
              Release
            </button>
          )}
          <button className="ghost" disabled={!!blocked} title={blocked ?? 'Back (b)'} onClick={() => send('button', { button: 'back' })}>
            Back
          </button>
          <button className="ghost" disabled={!!blocked} title={blocked ?? 'Home (h)'} onClick={() => send('button', { button: 'home' })}>
            Home
          </button>
          <a ref={shot} className="button ghost" href={`/api/v1/devices/${encodeURIComponent(deviceId)}/screenshot?format=png`} download={`${deviceId}.png`} title="Screenshot (s)">
            Screenshot
          </a>
          <button className={inspecting ? '' : 'ghost'} onClick={() => setInspecting((v) => !v)} title="Inspect mode (i)" data-testid="inspect">
            Inspect
          </button>
        </div>
        {blocked && (
          <p className="note" data-testid="blocked">
            {blocked}
          </p>
        )}
        {leaseBusy && <p className="muted">{leaseBusy}</p>}
        <StreamSurface
          deviceId={deviceId}
          size={size}
          elements={outline?.elements ?? []}
          blocked={blocked}
          inspecting={inspecting}
          highlight={hovered !== null ? (byIndex.get(hovered) ?? null) : selected !== null ? (byIndex.get(selected) ?? null) : null}
          send={send}
          onHover={setHovered}
          onSelect={(i) => {
            setSelected(i);
            setInspecting(false);
          }}
        />
        {status && (
          <p className={status.bad ? 'error' : 'muted'} data-testid="control-status">
            {status.text}
          </p>
        )}
      </div>
      <div className="column panel">
        <h2>Outline {outline && <span className="muted small">snapshot {outline.snapshot}</span>}</h2>
        <OutlinePanel outline={outline} error={outlineError} hovered={hovered} selected={selected} onHover={setHovered} onSelect={setSelected} />
      </div>
      <div className="column side">
        <div className="panel">
          <h2>Inspector</h2>
          <Inspector element={selected !== null ? (byIndex.get(selected) ?? null) : null} blocked={blocked} send={send} />
        </div>
        <div className="panel grow">
          <h2>Action log</h2>
          <ActionLog actions={actions} />
        </div>
      </div>
    </section>
  );
}
