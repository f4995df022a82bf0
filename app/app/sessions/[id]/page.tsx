'use client';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { RecordingJson, ReplayActionJson, ReplayJson } from '../../../../core/wire/replay-views.js';
import { argsText, outcomeOf } from '../../../components/ActionLog';
import { typingInto } from '../../../components/Shell';
import { ReplayExports } from '../../../components/ReplayExports';
import { StepScreenshots, VideoReplay } from '../../../components/VideoReplay';
import { api, errorText } from '../../../lib/api';

interface Session {
  id: string;
  deviceId: string;
  actor: string;
  startedAt: string;
  endedAt: string | null;
}

/** A finished (or live) session as a timeline of its actions; arrows or j/k step through it. */
export default function SessionReplay() {
  const id = decodeURIComponent(String(useParams<{ id: string }>().id));
  const [session, setSession] = useState<Session | null>(null);
  const [actions, setActions] = useState<ReplayActionJson[] | null>(null);
  const [recordings, setRecordings] = useState<RecordingJson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    api<ReplayJson>('GET', `/sessions/${encodeURIComponent(id)}/replay`).then(
      (d) => {
        setSession(d.session);
        setActions(d.actions);
        setRecordings(d.recordings);
      },
      (err: unknown) => setError(errorText(err)),
    );
  }, [id]);

  useEffect(() => {
    const last = (actions?.length ?? 1) - 1;
    const onKey = (e: KeyboardEvent) => {
      if (typingInto(e.target)) return;
      if (e.key === 'ArrowRight' || e.key === 'j') setStep((s) => Math.min(last, s + 1));
      else if (e.key === 'ArrowLeft' || e.key === 'k') setStep((s) => Math.max(0, s - 1));
      else if (e.key === 'Home') setStep(0);
      else if (e.key === 'End') setStep(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);

  if (error) return <p className="error">{error}</p>;
  if (!session || !actions) return <p className="muted">Loading the session…</p>;
  const current = actions[step];
  return (
    <section>
      <div className="page-head">
        <h1>Session replay</h1>
        <span className="muted">
          {session.actor} on <Link href={`/devices/${encodeURIComponent(session.deviceId)}`}>{session.deviceId}</Link>, {new Date(session.startedAt).toLocaleString()}
          {session.endedAt ? ` – ${new Date(session.endedAt).toLocaleTimeString()}` : ' (live)'}
        </span>
        <a className="button" href={`/api/v1/sessions/${encodeURIComponent(session.id)}/evidence`} download data-testid="evidence-download">
          Download evidence (.zip)
        </a>
      </div>
      {actions.length === 0 ? (
        <p className="muted">This session has no actions.</p>
      ) : (
        <div className="replay">
          <ol className="timeline" data-testid="timeline">
            {actions.map((a, i) => {
              const o = outcomeOf(a);
              return (
                <li key={a.id} className={i === step ? 'current' : ''} data-testid="step" data-command={a.command} onClick={() => setStep(i)}>
                  {a.thumbnail ? <img className="step-thumb" src={a.thumbnail} alt="" loading="lazy" /> : <span className="step-thumb" />}
                  <div>
                    <span className="muted">{i + 1}.</span> <code>{a.command}</code> <span className={`badge ${o.cls}`}>{o.text}</span>
                    <div className="muted small">{new Date(a.at).toLocaleTimeString()}</div>
                  </div>
                </li>
              );
            })}
          </ol>
          {current && (
            <div className="panel step-detail" data-testid="step-detail" data-step={step}>
              <VideoReplay recordings={recordings} actions={actions} step={step} onStep={setStep} />
              <ReplayExports sessionId={session.id} actions={actions} step={step} />
              <h2>
                {step + 1} / {actions.length}: <code>{current.command}</code>
              </h2>
              <p>
                <code className="args">{argsText(current.args)}</code>
              </p>
              <p className="muted">
                by {current.actor} at {new Date(current.at).toLocaleTimeString()}
                {current.finishedAt ? `, settled after ${new Date(current.finishedAt).getTime() - new Date(current.at).getTime()} ms` : ''}
              </p>
              <table>
                <tbody>
                  <tr>
                    <th>outcome</th>
                    <td>{outcomeOf(current).text}</td>
                  </tr>
                  <tr>
                    <th>snapshots</th>
                    <td>
                      <code>{current.outlineBefore ?? '—'}</code> → <code>{current.outlineAfter ?? '—'}</code>
                    </td>
                  </tr>
                </tbody>
              </table>
              <div className="evidence">
                <figure>
                  <figcaption className="muted small">screen after</figcaption>
                  {current.thumbnail ? (
                    <img data-testid="step-thumbnail" src={current.thumbnail} alt={`the screen after step ${step + 1}`} />
                  ) : (
                    <p className="muted small">No screenshot was kept.</p>
                  )}
                </figure>
                <figure>
                  <figcaption className="muted small">outline before</figcaption>
                  <pre className="outline-text" data-testid="step-outline-before">{current.outlineBeforeText ?? '—'}</pre>
                </figure>
                <figure>
                  <figcaption className="muted small">outline after</figcaption>
                  <pre className="outline-text" data-testid="step-outline-after">{current.outlineAfterText ?? '—'}</pre>
                </figure>
              </div>
              <StepScreenshots action={current} step={step} />
              <h3>Settled diff</h3>
              {current.diff ? <pre className="diff" data-testid="step-diff">{current.diff}</pre> : <p className="muted">No change was recorded.</p>}
              <details>
                <summary>Envelope</summary>
                <pre>{JSON.stringify(current.envelope, null, 2)}</pre>
              </details>
              <p className="muted small">← → or j k to step, Home / End for the ends</p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
