'use client';
import type { DeviceSummary } from '../../core/wire/ui-protocol.js';
import { api } from './api';
import { atLeast, type Me } from './me';

export interface LeaseInfo {
  id: string;
  deviceId: string;
  holder: string;
  sessionId: string | null;
}

/**
 * Leases belong to tokens, so the CLI, an agent or another tab signed in with the same token
 * holds the same lease as this page. The leases taken in this tab are remembered here, so a
 * lease taken elsewhere is never adopted silently.
 */
const TAKEN_HERE = 'simlab.leases-taken-here';

function takenHere(): Set<string> {
  if (typeof window === 'undefined') return new Set();
  try {
    return new Set(JSON.parse(window.sessionStorage.getItem(TAKEN_HERE) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function remember(lease: LeaseInfo): LeaseInfo {
  const ids = takenHere();
  ids.add(lease.id);
  window.sessionStorage.setItem(TAKEN_HERE, JSON.stringify([...ids].slice(-50)));
  return lease;
}

/** Takes a free device now, or waits in its queue (up to ten minutes) when someone holds it. */
export async function takeDevice(deviceId: string, wait: boolean): Promise<LeaseInfo> {
  return remember(await api<LeaseInfo>('POST', '/leases', wait ? { deviceId, wait: true, timeoutMs: 600_000 } : { deviceId }));
}

export function releaseLease(leaseId: string): Promise<LeaseInfo> {
  return api<LeaseInfo>('DELETE', `/leases/${encodeURIComponent(leaseId)}`);
}

/**
 * Ends the lease another client of this token holds and takes a new one for this page: that
 * client's session ends, and this page's actions start a session of their own.
 */
export async function takeOver(device: DeviceSummary): Promise<LeaseInfo> {
  if (device.lease) await releaseLease(device.lease.leaseId);
  return takeDevice(device.id, false);
}

/** Held by this person's token (from this tab or from another client of the same token). */
export function heldByToken(device: DeviceSummary | null, me: Me | null): boolean {
  return !!device?.lease && !!me && device.lease.holder === me.name;
}

/** Held by this tab: taken here. */
export function heldByMe(device: DeviceSummary | null, me: Me | null): boolean {
  const leaseId = device?.lease?.leaseId;
  return heldByToken(device, me) && leaseId !== undefined && takenHere().has(leaseId);
}

/** Held by the same token in another client (the CLI, an agent, another tab). */
export function heldElsewhere(device: DeviceSummary | null, me: Me | null): boolean {
  return heldByToken(device, me) && !heldByMe(device, me);
}

/** Why this person cannot control the device now, or null when they can. */
export function controlBlocked(device: DeviceSummary | null, me: Me | null): string | null {
  if (!device || !me) return 'loading…';
  if (!atLeast(me, 'agent')) return `Watch only: a ${me.role} token can watch but not act`;
  if (device.state === 'offline') return 'The device is offline';
  if (!device.lease) return 'Take the device to control it';
  if (heldElsewhere(device, me)) return `Your token (${me.name}) holds this device in another client (the CLI, an agent or another tab): take over to control it here`;
  if (!heldByMe(device, me)) return `Watch only: ${device.lease.holder} holds this device`;
  return null;
}

export function stateText(device: DeviceSummary, me: Me | null): string {
  if (device.state === 'offline') return 'offline';
  if (heldElsewhere(device, me)) return `held by ${device.lease?.holder ?? ''} (your token) in another client`;
  if (heldByMe(device, me)) return 'held by you';
  return device.lease ? `in use by ${device.lease.holder}` : 'available';
}
