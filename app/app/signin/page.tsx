'use client';
import { useEffect, useState, type FormEvent } from 'react';

const REASONS: Record<string, string> = {
  expired: 'Your session has expired. Sign in again.',
  revoked: 'Your token was revoked. Ask an admin for a new one.',
  unknown: 'That token is not known to this lab.',
  malformed: 'That is not a simlab token.',
  'signed-out': 'You are signed out.',
  'rate-limited': 'Too many failed sign-ins from this address. Wait a minute, then sign in again.',
};

export default function SignIn() {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get('reason');
    if (reason) setNote(REASONS[reason] ?? 'Sign in to continue.');
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/auth/signin', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const env = (await res.json()) as { ok: boolean; error?: { message: string } };
      if (!env.ok) throw new Error(env.error?.message ?? 'sign-in failed');
      const next = new URLSearchParams(window.location.search).get('next');
      window.location.assign(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form className="signin card" onSubmit={(e) => void submit(e)}>
      <h1>simlab</h1>
      <p className="muted">Sign in with a token from <code>npm start</code> or from an admin.</p>
      {note && <p className="note" data-testid="signin-reason">{note}</p>}
      <label>
        Token
        <input name="token" type="password" autoComplete="off" autoFocus value={token} onChange={(e) => setToken(e.target.value)} placeholder="slk_…" />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || token.trim() === ''}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
