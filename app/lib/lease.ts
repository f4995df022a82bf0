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

/** Takes a free device now, or waits in its queue (up to ten minutes) when someone holds it. */
export function takeDevice(deviceId: string, wait: boolean): Promise<LeaseInfo> {
  return api<LeaseInfo>('POST', '/leases', wait ? { deviceId, wait: true, timeoutMs: 600_000 } : { deviceId });
}

export function releaseLease(leaseId: string): Promise<LeaseInfo> {
  return api<LeaseInfo>('DELETE', `/leases/${encodeURIComponent(leaseId)}`);
}

export function heldByMe(device: DeviceSummary | null, me: Me | null): boolean {
  return !!device?.lease && !!me && device.lease.holder === me.name;
}

/** Why this person cannot control the device now, or null when they can. */
export function controlBlocked(device: DeviceSummary | null, me: Me | null): string | null {
  if (!device || !me) return 'loading…';
  if (!atLeast(me, 'agent')) return `Watch only: a ${me.role} token can watch but not act`;
  if (device.state === 'offline') return 'The device is offline';
  if (!device.lease) return 'Take the device to control it';
  if (!heldByMe(device, me)) return `Watch only: ${device.lease.holder} holds this device`;
  return null;
}

export function stateText(device: DeviceSummary): string {
  if (device.state === 'offline') return 'offline';
  return device.lease ? `in use by ${device.lease.holder}` : 'available';
}
