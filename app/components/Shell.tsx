'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { atLeast, useMe } from '../lib/me';
import { useLink } from '../lib/socket';
import { HelpOverlay } from './HelpOverlay';

/** True when a key press belongs to a text field (or the device stream), not to the page's shortcuts. */
export function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.dataset.keys === 'device';
}

function LinkBanner() {
  const link = useLink();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (link === 'reconnecting') setShown('Connection lost: reconnecting…');
    else if (link === 'resynced') {
      setShown('Reconnected: the page is up to date again');
      const t = setTimeout(() => setShown(null), 4000);
      return () => clearTimeout(t);
    } else setShown(null);
  }, [link]);
  if (!shown) return null;
  return (
    <div role="status" data-testid="link-banner" className={`banner ${link === 'reconnecting' ? 'warn' : 'good'}`}>
      {shown}
    </div>
  );
}

async function signOut() {
  await fetch('/auth/signout', { method: 'POST', credentials: 'same-origin' });
  window.location.assign('/signin?reason=signed-out');
}

export function Shell({ children }: { children: ReactNode }) {
  const path = usePathname();
  const me = useMe(path !== '/signin');
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typingInto(e.target)) return;
      if (e.key === '?') setHelp((h) => !h);
      else if (e.key === 'Escape') setHelp(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (path === '/signin') return <main className="signin-page">{children}</main>;
  const nav = (href: string, label: string) => (
    <Link href={href} className={path === href || (href !== '/' && path.startsWith(href)) ? 'active' : ''}>
      {label}
    </Link>
  );
  return (
    <>
      <header className="topbar">
        <span className="brand">simlab</span>
        <nav>
          {nav('/', 'Devices')}
          {nav('/grid', 'Grid')}
          {nav('/sessions', 'Sessions')}
          {atLeast(me, 'admin') && nav('/tokens', 'Tokens')}
        </nav>
        <span className="spacer" />
        <button className="ghost" onClick={() => setHelp(true)} title="Keyboard shortcuts (?)">
          ?
        </button>
        {me && (
          <span className="me" data-testid="me">
            {me.name} <span className="role">{me.role}</span>
          </span>
        )}
        <button className="ghost" onClick={() => void signOut()} data-testid="signout">
          Sign out
        </button>
      </header>
      <LinkBanner />
      <main>{children}</main>
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
    </>
  );
}
