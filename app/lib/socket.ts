'use client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { UiClientEvents, UiServerEvents } from '../../core/wire/ui-protocol.js';
import { toSignIn } from './api';

export type UiSocket = Socket<UiServerEvents, UiClientEvents>;
export type Link = 'connecting' | 'live' | 'reconnecting' | 'resynced';

let socket: UiSocket | null = null;
let link: Link = 'connecting';
let everConnected = false;
const watchers = new Set<() => void>();

function setLink(next: Link): void {
  link = next;
  for (const w of watchers) w();
}

/** The page's one connection to the hub's /ui namespace (the session cookie authenticates it). */
export function uiSocket(): UiSocket {
  if (socket) return socket;
  const s: UiSocket = io('/ui', { transports: ['websocket', 'polling'], withCredentials: true, reconnectionDelayMax: 3000 });
  s.on('connect', () => {
    setLink(everConnected ? 'resynced' : 'live');
    everConnected = true;
  });
  s.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') setLink('reconnecting');
  });
  s.on('connect_error', (err) => {
    if (err.message === 'UNAUTHORIZED' || err.message === 'FORBIDDEN') toSignIn('expired');
    else setLink(everConnected ? 'reconnecting' : 'connecting');
  });
  s.on('session:ended', () => toSignIn('revoked'));
  socket = s;
  return s;
}

/** The state of the live link, for the banner that says when the page is catching up. */
export function useLink(): Link {
  return useSyncExternalStore(
    (cb) => {
      watchers.add(cb);
      return () => watchers.delete(cb);
    },
    () => link,
    () => 'connecting',
  );
}

/**
 * Runs `subscribe` on every (re)connection, so a page resyncs by itself after a drop; its
 * cleanup runs on disconnect and unmount. Changing `key` resubscribes.
 */
export function useLive(key: string, subscribe: ((s: UiSocket) => (() => void) | void) | null): void {
  useEffect(() => {
    if (!subscribe) return;
    const s = uiSocket();
    let cleanup: (() => void) | void;
    const start = () => {
      cleanup?.();
      cleanup = subscribe(s);
    };
    const stop = () => {
      cleanup?.();
      cleanup = undefined;
    };
    if (s.connected) start();
    s.on('connect', start);
    s.on('disconnect', stop);
    return () => {
      s.off('connect', start);
      s.off('disconnect', stop);
      stop();
    };
  }, [key]);
}

/** True while the page is visible: frames flow only then. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
