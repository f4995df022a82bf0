'use client';
import { useEffect, useState } from 'react';
import { api } from './api';

export type Role = 'viewer' | 'agent' | 'member' | 'admin';
export interface Me {
  tokenId: string;
  name: string;
  role: Role;
}

const ORDER: Role[] = ['viewer', 'agent', 'member', 'admin'];

export function atLeast(me: Me | null, role: Role): boolean {
  return me !== null && ORDER.indexOf(me.role) >= ORDER.indexOf(role);
}

let cached: Promise<Me> | null = null;

/** Who is signed in (the session cookie's token), asked once per page load. */
export function useMe(enabled = true): Me | null {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    if (!enabled) return;
    cached ??= api<Me>('GET', '/me');
    let live = true;
    cached.then((m) => live && setMe(m)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return me;
}
