'use client';
import { useState } from 'react';
import type { DeviceSummary } from '../../core/wire/ui-protocol.js';
import { useLive } from './socket';

/** The lab's devices, kept live over the page's socket (null until the first answer), and why they could not be read. */
export function useLiveDevices(key: string): { devices: DeviceSummary[] | null; error: string | null } {
  const [devices, setDevices] = useState<DeviceSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLive(key, (s) => {
    s.emit('devices:watch', (reply) => {
      if (reply.ok) setDevices(reply.data.devices);
      else setError(reply.error.message);
    });
    s.on('devices', setDevices);
    return () => {
      s.off('devices', setDevices);
      s.emit('devices:unwatch');
    };
  });
  return { devices, error };
}
