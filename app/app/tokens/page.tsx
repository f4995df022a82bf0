'use client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, errorText } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { useMe } from '../../lib/me';

interface TokenRow {
  id: string;
  name: string;
  role: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

const EXPIRIES: Array<[string, number | null]> = [
  ['never', null],
  ['1 hour', 3_600_000],
  ['1 day', 86_400_000],
  ['7 days', 7 * 86_400_000],
  ['30 days', 30 * 86_400_000],
];

export default function TokensPage() {
  const me = useMe();
  const [tokens, setTokens] = useState<TokenRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState('agent');
  const [expiry, setExpiry] = useState('never');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const load = useCallback(() => {
    api<{ tokens: TokenRow[] }>('GET', '/tokens').then(
      (d) => setTokens(d.tokens),
      (err: unknown) => setError(errorText(err)),
    );
  }, []);
  useEffect(load, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const ms = EXPIRIES.find(([label]) => label === expiry)?.[1] ?? null;
    try {
      const t = await api<TokenRow & { token: string }>('POST', '/tokens', { name: name.trim(), role, ...(ms ? { expiresInMs: ms } : {}) });
      setCreated({ name: t.name, token: t.token });
      setCopied(false);
      setName('');
      load();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const revoke = async (t: TokenRow) => {
    if (!window.confirm(`Revoke ${t.name}? Whoever uses it is signed out at once.`)) return;
    try {
      await api('DELETE', `/tokens/${encodeURIComponent(t.id)}`);
      load();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section>
      <div className="page-head">
        <h1>Tokens</h1>
      </div>
      <form className="card row" onSubmit={(e) => void create(e)} data-testid="token-form">
        <label>
          Name <input value={name} onChange={(e) => setName(e.target.value)} placeholder="ci-agent" required maxLength={100} />
        </label>
        <label>
          Role{' '}
          <select value={role} onChange={(e) => setRole(e.target.value)}>
            <option>viewer</option>
            <option>agent</option>
            <option>member</option>
            <option>admin</option>
            <option>worker</option>
          </select>
        </label>
        <label>
          Expires{' '}
          <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {EXPIRIES.map(([label]) => (
              <option key={label}>{label}</option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={name.trim() === ''}>
          Create
        </button>
      </form>
      {created && (
        <div className="card note" data-testid="new-token">
          <p>
            Token for <strong>{created.name}</strong>. It is shown this once: copy it now.
          </p>
          <code className="secret">{created.token}</code>{' '}
          <button onClick={() => void copyText(created.token).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy'}</button>
        </div>
      )}
      {error && <p className="error">{error}</p>}
      {!tokens && !error && <p className="muted">Loading tokens…</p>}
      {tokens && (
        <table className="table" data-testid="tokens">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Created</th>
              <th>Expires</th>
              <th>State</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => {
              const expired = t.expiresAt !== null && new Date(t.expiresAt).getTime() <= Date.now();
              return (
                <tr key={t.id} data-testid="token-row" data-name={t.name}>
                  <td>{t.name}</td>
                  <td>{t.role}</td>
                  <td>{new Date(t.createdAt).toLocaleString()}</td>
                  <td>{t.expiresAt ? new Date(t.expiresAt).toLocaleString() : 'never'}</td>
                  <td>{t.revokedAt ? 'revoked' : expired ? 'expired' : 'active'}</td>
                  <td>
                    {!t.revokedAt && t.id !== me?.tokenId && (
                      <button className="small ghost" onClick={() => void revoke(t)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
