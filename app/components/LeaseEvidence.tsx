'use client';
import { useEffect, useState } from 'react';
import type { LeaseJson } from '../../core/wire/api-views.js';
import type { RecordingStateJson } from '../../core/wire/replay-views.js';
import { api, errorText } from '../lib/api';
import { copyText } from '../lib/clipboard';

interface Props {
  leaseId: string;
  /** Share links are for members and admins. */
  canShare: boolean;
}

const enc = encodeURIComponent;

/**
 * The evidence of the lease this page holds: a Record / Stop toggle (agents' leases are recorded
 * by default, people's when they ask) and a Share button that makes a read-only link to the
 * lease's session replay (expiring, revocable, audited).
 */
export function LeaseEvidence({ leaseId, canShare }: Props) {
  const [recording, setRecording] = useState<RecordingStateJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);

  useEffect(() => {
    setShareUrl(null);
    api<RecordingStateJson>('GET', `/leases/${enc(leaseId)}/recording`).then(setRecording, (err: unknown) => setNote({ text: errorText(err), bad: true }));
  }, [leaseId]);

  const on = !!recording?.recordingId;
  const toggle = async () => {
    setBusy(true);
    try {
      setRecording(await api<RecordingStateJson>('POST', `/leases/${enc(leaseId)}/recording`, { on: !on }));
      setNote(null);
    } catch (err) {
      setNote({ text: errorText(err), bad: true });
    } finally {
      setBusy(false);
    }
  };
  const share = async () => {
    setBusy(true);
    try {
      const { leases } = await api<{ leases: LeaseJson[] }>('GET', '/leases');
      const sessionId = leases.find((l) => l.id === leaseId)?.sessionId;
      if (!sessionId) throw new Error('this lease has no session yet');
      const { url } = await api<{ url: string }>('POST', `/sessions/${enc(sessionId)}/shares`, {});
      setShareUrl(url);
      await copyText(url).then(
        () => setNote({ text: 'Share link copied: read-only, expires in 7 days', bad: false }),
        () => setNote({ text: 'Share link made: read-only, expires in 7 days', bad: false }),
      );
    } catch (err) {
      setNote({ text: errorText(err), bad: true });
    } finally {
      setBusy(false);
    }
  };

  const title = !recording ? 'loading…' : on ? 'Recording: click to stop' : recording.error ? `Not recording (${recording.error}): click to record` : 'Record this lease to video';
  // Two buttons in the toolbar; the link and any note float under them, so the stream never moves.
  return (
    <span className="lease-evidence">
      <button
        className={on ? 'small recording' : 'small ghost'}
        disabled={busy || !recording}
        onClick={() => void toggle()}
        aria-pressed={on}
        title={title}
        data-testid="record-toggle"
        data-recording={recording ? String(on) : undefined}
      >
        {on ? '■ Stop rec' : '● Record'}
      </button>
      {canShare && (
        <button className="small ghost" disabled={busy} onClick={() => void share()} data-testid="share" title="A read-only link to this session's replay, for someone without an account">
          Share
        </button>
      )}
      {(shareUrl || note) && (
        <span className="evidence-pop" role="status">
          {shareUrl && <input className="small share-url" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" aria-label="Share link" />}
          {note && (
            <span className={note.bad ? 'error small' : 'muted small'} data-testid="evidence-note">
              {note.text}
            </span>
          )}
          <button
            className="small ghost"
            aria-label="Close"
            onClick={() => {
              setShareUrl(null);
              setNote(null);
            }}
          >
            ×
          </button>
        </span>
      )}
    </span>
  );
}
