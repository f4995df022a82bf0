'use client';
import { useState } from 'react';
import type { ActionEntry } from '../../core/wire/ui-protocol.js';
import { actionSummary } from '../lib/action-summary';

/** The outcome of an action as a short word: pending, ok, or the error code. */
export function outcomeOf(action: ActionEntry): { text: string; cls: string } {
  const env = action.envelope as { ok?: boolean; error?: { code?: string; message?: string } } | null;
  if (!env) return { text: 'running…', cls: 'pending' };
  if (env.ok) return { text: 'ok', cls: 'ok' };
  return { text: env.error?.code ?? 'error', cls: 'bad' };
}

export function argsText(args: unknown): string {
  const text = JSON.stringify(args ?? {});
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/**
 * Every action on the device from anyone, newest first: one line each naming what it hit
 * (`tap Tab "Settings"`); a click opens its settled diff, a larger image and the envelope.
 */
export function ActionLog({ actions }: { actions: ActionEntry[] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (actions.length === 0) return <div className="panel-body muted">No actions yet on this device.</div>;
  return (
    <ol className="panel-body log" data-testid="action-log">
      {[...actions].reverse().map((a) => {
        const outcome = outcomeOf(a);
        const error = (a.envelope as { error?: { message?: string } } | null)?.error?.message;
        const expanded = open === a.id;
        return (
          <li key={a.id} data-testid="action" data-command={a.command} data-actor={a.actor} className={`${outcome.cls}${expanded ? ' open' : ''}`}>
            <button className="log-line" onClick={() => setOpen(expanded ? null : a.id)} aria-expanded={expanded} title={new Date(a.at).toLocaleString()}>
              {a.thumbnail ? <img className="log-thumb" src={a.thumbnail} alt="" loading="lazy" /> : <span className="log-thumb" />}
              <span className="log-what" data-testid="action-summary">
                {actionSummary(a)}
              </span>
              <span className="muted small">{a.actor}</span>
              <span className={`badge ${outcome.cls}`}>{outcome.text}</span>
            </button>
            {error && <p className="error small">{error}</p>}
            {expanded && (
              <div className="log-detail" data-testid="action-detail">
                <p className="muted small">
                  {new Date(a.at).toLocaleTimeString()} · <code className="args">{argsText(a.args)}</code>
                </p>
                {a.thumbnail && <img className="log-image" src={a.thumbnail} alt="the screen after this action" data-testid="action-image" />}
                {a.diff ? <pre className="diff">{a.diff}</pre> : <p className="muted small">No change was recorded.</p>}
                {a.envelope !== null && (
                  <details>
                    <summary className="muted small">envelope</summary>
                    <pre className="diff">{JSON.stringify(a.envelope, null, 2)}</pre>
                  </details>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
