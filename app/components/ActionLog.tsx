'use client';
import type { ActionEntry } from '../../core/wire/ui-protocol.js';

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

/** Every action on the device from anyone, newest first, with its outcome and settled diff. */
export function ActionLog({ actions }: { actions: ActionEntry[] }) {
  if (actions.length === 0) return <div className="panel-body muted">No actions yet on this device.</div>;
  return (
    <ol className="panel-body log" data-testid="action-log">
      {[...actions].reverse().map((a) => {
        const outcome = outcomeOf(a);
        const error = (a.envelope as { error?: { message?: string } } | null)?.error?.message;
        return (
          <li key={a.id} data-testid="action" data-command={a.command} data-actor={a.actor} className={outcome.cls}>
            <div className="row">
              <time className="muted">{new Date(a.at).toLocaleTimeString()}</time>
              <strong>{a.actor}</strong>
              <code>{a.command}</code>
              <span className={`badge ${outcome.cls}`}>{outcome.text}</span>
            </div>
            <code className="args">{argsText(a.args)}</code>
            {a.thumbnail && <img className="log-thumb" src={a.thumbnail} alt="" loading="lazy" />}
            {error && <p className="error">{error}</p>}
            {a.diff && <pre className="diff">{a.diff}</pre>}
            {a.envelope !== null && (
              <details>
                <summary className="muted small">envelope</summary>
                <pre className="diff">{JSON.stringify(a.envelope, null, 2)}</pre>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
