'use client';
import { useParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionEntry, DeviceSummary, InspectableElement, OutlineProblem, OutlineUpdate } from '../../../../core/wire/ui-protocol.js';
import { ActionLog } from '../../../components/ActionLog';
import { Inspector } from '../../../components/Inspector';
import { LeaseEvidence } from '../../../components/LeaseEvidence';
import { OutlinePanel } from '../../../components/OutlinePanel';
import { typingInto } from '../../../components/Shell';
import { Gallery, takeShot, type Shot } from '../../../components/Gallery';
import { StreamSurface, type StreamQuality, type Zoom } from '../../../components/StreamSurface';
import { TextBoxes } from '../../../components/TextBoxes';
import { Watchers } from '../../../components/Watchers';
import { useStoredChoice } from '../../../lib/stored-choice';
import { errorText } from '../../../lib/api';
import { sameElement } from '../../../lib/identity';
import { controlBlocked, heldByMe, heldElsewhere, releaseLease, stateText, takeDevice, takeOver } from '../../../lib/lease';
import { atLeast, useMe } from '../../../lib/me';
import { uiSocket, useLive } from '../../../lib/socket';

const ZOOMS: Array<[Zoom, string]> = [
  ['fit', 'Fit'],
  ['1x', '1:1'],
  ['2x', '2x'],
];

/** Roles that take typed text even when the tree does not say editable. */
const TEXT_ROLES = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea']);

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
  /** The element chosen in the inspector, as it was when chosen: it is found again by identity, never by `@N`. */
  const [chosen, setChosen] = useState<InspectableElement | null>(null);
  /** A text field on the device was just tapped on the stream: keys go to it before the outline shows its focus. */
  const [tappedField, setTappedField] = useState(false);
  const [inspecting, setInspecting] = useState(false);
  const [status, setStatus] = useState<{ text: string; bad: boolean } | null>(null);
  const [leaseBusy, setLeaseBusy] = useState<string | null>(null);
  const [zoom, setZoom] = useStoredChoice<Zoom>('simlab.zoom', 'fit', ['fit', '1x', '2x']);
  const [quality, setQuality] = useStoredChoice<StreamQuality>('simlab.quality', 'sharp', ['sharp', 'saver']);
  const [shots, setShots] = useState<Shot[]>([]);
  const capture = async () => {
    try {
      setShots(await takeShot(deviceId, shots));
    } catch (err) {
      setStatus({ text: `screenshot: ${errorText(err)}`, bad: true });
    }
  };

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
  // The status line speaks for the newest command: an older one's answer never says "ok" while a newer one runs.
  const lastSent = useRef(0);
  const send = useCallback(
    (command: string, args: unknown) => {
      const n = ++lastSent.current;
      setStatus({ text: `${command}…`, bad: false });
      uiSocket().emit('control', { deviceId, command, args }, (reply) => {
        if (!reply.ok) setStatus({ text: `${command}: ${reply.error.code}: ${reply.error.message}`, bad: true });
        else if (n === lastSent.current) setStatus({ text: `${command}: ok`, bad: false });
      });
    },
    [deviceId],
  );

  const take = async (how: 'now' | 'queue' | 'over') => {
    if (!device) return;
    if (how === 'over' && !window.confirm(`Take ${device.name} over? The other client of your token loses its lease and its session ends.`)) return;
    setLeaseBusy(how === 'queue' ? 'Waiting in the queue…' : 'Taking…');
    try {
      await (how === 'over' ? takeOver(device) : takeDevice(deviceId, how === 'queue'));
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
      else if (e.key === 's') void capture();
      else if (!blocked && e.key === 'b') send('button', { button: 'back' });
      else if (!blocked && e.key === 'h') send('button', { button: 'home' });
      else if (e.key === 't' && device && atLeast(me, 'agent')) {
        if (heldByMe(device, me)) void release();
        else if (!leaseBusy) void take(heldElsewhere(device, me) ? 'over' : device.lease ? 'queue' : 'now');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const byIndex = useMemo(() => new Map((outline?.elements ?? []).map((e) => [e.index, e])), [outline]);
  const current = useMemo(() => (chosen && outline ? sameElement(chosen, outline.elements) : null), [chosen, outline]);
  const selected = current?.index ?? null;
  const select = (index: number) => setChosen(byIndex.get(index) ?? null);
  const fieldFocused = useMemo(() => (outline?.elements ?? []).some((e) => e.states.focused && (e.states.editable || TEXT_ROLES.has(e.role))), [outline]);
  useEffect(() => setTappedField(false), [outline]);
  const typing = tappedField || fieldFocused;
  const size = outline?.size ?? device?.size ?? null;

  if (loadError) return <p className="error">Cannot show {deviceId}: {loadError}</p>;
  if (!device || !size) return <p className="muted">Loading {deviceId}…</p>;
  const mine = heldByMe(device, me);
  const elsewhere = heldElsewhere(device, me);

  return (
    <section className="device-page">
      <div className="column stream-column">
        <div className="toolbar">
          <strong>{device.name}</strong>
          <span className="muted small">
            {device.platform} · {device.model}
          </span>
          <span className={`state ${device.state === 'offline' ? 'offline' : mine ? 'free' : device.lease ? 'busy' : 'free'}`} data-testid="holder">
            {stateText(device, me)}
          </span>
        </div>
        <div className="toolbar">
          {atLeast(me, 'agent') && !device.lease && device.state === 'online' && (
            <button onClick={() => void take('now')} disabled={!!leaseBusy} data-testid="take">
              Take
            </button>
          )}
          {atLeast(me, 'agent') && device.lease && !mine && !elsewhere && (
            <button onClick={() => void take('queue')} disabled={!!leaseBusy} data-testid="queue">
              Join queue
            </button>
          )}
          {atLeast(me, 'agent') && elsewhere && (
            <button onClick={() => void take('over')} disabled={!!leaseBusy} data-testid="takeover" title="End the other client's lease and take the device here">
              Take over
            </button>
          )}
          {mine && (
            <button className="ghost" onClick={() => void release()} data-testid="release">
              Release
            </button>
          )}
          {mine && device.lease && <LeaseEvidence leaseId={device.lease.leaseId} canShare={atLeast(me, 'member')} />}
          <button className="ghost" disabled={!!blocked} title={blocked ?? 'Back (b)'} onClick={() => send('button', { button: 'back' })}>
            Back
          </button>
          <button className="ghost" disabled={!!blocked} title={blocked ?? 'Home (h)'} onClick={() => send('button', { button: 'home' })}>
            Home
          </button>
          {device.platform === 'web' && (
            <button
              className="ghost"
              disabled={!!blocked}
              title={blocked ?? `Turn to ${device.orientation === 'portrait' ? 'landscape' : 'portrait'}`}
              onClick={() => send('web.orientation', { orientation: device.orientation === 'portrait' ? 'landscape' : 'portrait' })}
              data-testid="rotate-device"
            >
              Rotate
            </button>
          )}
          <button className="ghost" onClick={() => void capture()} title="Screenshot into the gallery (s)" data-testid="screenshot">
            Shot
          </button>
          <button className={inspecting ? '' : 'ghost'} onClick={() => setInspecting((v) => !v)} title="Inspect mode (i)" data-testid="inspect">
            Inspect
          </button>
        </div>
        <div className="toolbar">
          <span className="segmented" role="group" aria-label="Zoom">
            {ZOOMS.map(([z, label]) => (
              <button key={z} className={zoom === z ? 'small' : 'small ghost'} aria-pressed={zoom === z} onClick={() => setZoom(z)} data-testid={`zoom-${z}`}>
                {label}
              </button>
            ))}
          </span>
          <select className="small" value={quality} onChange={(e) => setQuality(e.target.value as StreamQuality)} title="Stream quality" data-testid="quality">
            <option value="sharp">sharp</option>
            <option value="saver">data saver</option>
          </select>
        </div>
        <div className="stream-viewport">
          <StreamSurface
            deviceId={deviceId}
            size={size}
            elements={outline?.elements ?? []}
            blocked={blocked}
            keys={device.capabilities.keys}
            typing={typing}
            inspecting={inspecting}
            zoom={zoom}
            quality={quality}
            highlight={hovered !== null ? (byIndex.get(hovered) ?? null) : current}
            send={send}
            onHover={setHovered}
            onSelect={(i) => {
              select(i);
              setInspecting(false);
            }}
            onTapElement={(e) => setTappedField(!!e && (!!e.states.editable || TEXT_ROLES.has(e.role)))}
          />
        </div>
        {/* A fixed-height place for notes: a note appearing never moves the stream. */}
        <div className="stream-notes">
          {leaseBusy ? (
            <p className="muted">{leaseBusy}</p>
          ) : status ? (
            <p className={status.bad ? 'error' : 'muted'} data-testid="control-status" title={status.text}>
              {status.text}
            </p>
          ) : null}
          {blocked && (
            <p className="muted" data-testid="blocked" title={blocked}>
              {blocked}
            </p>
          )}
        </div>
        {!blocked && <TextBoxes platform={device.platform} send={send} />}
      </div>
      <div className="column panel outline-column">
        <OutlinePanel outline={outline} error={outlineError} hovered={hovered} selected={selected} onHover={setHovered} onSelect={select} />
      </div>
      <div className="column side">
        <div className="panel">
          <h2>Watching</h2>
          <Watchers deviceId={deviceId} holder={device.lease?.holder ?? null} me={me} />
        </div>
        <div className="panel">
          <h2>Inspector</h2>
          <Inspector element={current ?? chosen} gone={!!chosen && !current} blocked={blocked} send={send} />
        </div>
        <div className="panel grow">
          <h2>Action log</h2>
          <ActionLog actions={actions} />
        </div>
        {shots.length > 0 && (
          <div className="panel">
            <h2>Screenshots</h2>
            <Gallery shots={shots} deviceId={deviceId} />
          </div>
        )}
      </div>
    </section>
  );
}
