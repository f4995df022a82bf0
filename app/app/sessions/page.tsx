'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api';

interface Session {
  id: string;
  leaseId: string;
  deviceId: string;
  actor: string;
  startedAt: string;
  endedAt: string | null;
}

export default function SessionsPage() {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ sessions: Session[] }>('GET', '/sessions?limit=200').then(
      (d) => setSessions(d.sessions),
      (err: unknown) => setError(errorText(err)),
    );
  }, []);
  return (
    <section>
      <div className="page-head">
        <h1>Sessions</h1>
        <span className="muted">one per lease, newest first</span>
      </div>
      {error && <p className="error">{error}</p>}
      {!sessions && !error && <p className="muted">Loading sessions…</p>}
      {sessions?.length === 0 && <p className="muted">No sessions yet: a session starts when someone takes a device.</p>}
      {sessions && sessions.length > 0 && (
        <table className="table" data-testid="sessions">
          <thead>
            <tr>
              <th>Device</th>
              <th>Who</th>
              <th>Started</th>
              <th>Ended</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} data-testid="session-row" data-session={s.id}>
                <td>{s.deviceId}</td>
                <td>{s.actor}</td>
                <td>{new Date(s.startedAt).toLocaleString()}</td>
                <td>{s.endedAt ? new Date(s.endedAt).toLocaleString() : <span className="state busy">live</span>}</td>
                <td>
                  <Link href={`/sessions/${encodeURIComponent(s.id)}`}>Replay</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
