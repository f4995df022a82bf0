import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../../core/contract/index.js';
import { API_PREFIX } from '../../server/api/app.js';
import { DEADLINE_HEADER } from '../../server/actions/deadline.js';
import { issueToken } from '../../server/auth/tokens.js';
import { startHub, type Hub } from '../../server/hub.js';
import { launchWebDevice, startDemoServer, type WebDevice } from '../../workers/bridges/web/index.js';
import { HubConnection } from '../../workers/hub-client/hub-connection.js';
import { DeviceSession } from '../../workers/session/device-session.js';
import { inPage } from '../../workers/session/test-support/demo-page.js';

export const DEVICE_ID = 'web-hand-over';

export interface Answer {
  envelope: Envelope;
  /** From sending the request to its answer. */
  ms: number;
}

/**
 * A whole lab in one process for the hand-over of a device between lease holders: a hub, a
 * worker connection and a real web device (headless Chromium on the demo app), with two agents
 * and an admin. Shared by test/hand-over.test.ts and bench/hand-over.ts.
 */
export interface HandOverLab {
  hub: Hub;
  device: WebDevice;
  session: DeviceSession;
  tokens: { first: string; second: string; admin: string };
  call(method: string, path: string, token: string, body?: unknown, deadlineMs?: number): Promise<Answer>;
  /** Fingers the demo page has down now. */
  touching(): Promise<number>;
  /** Takes the device's lease for `token` and returns its id. */
  lease(token: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHandOverLab(): Promise<HandOverLab> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simlab-hand-over-'));
  const hub = await startHub({ port: 0, dataDir, leasePolicy: { sweepMs: 200 }, rateLimit: { max: 100_000, windowMs: 60_000 } });
  const demo = await startDemoServer();
  let device: WebDevice | undefined;
  let connection: HubConnection | undefined;
  const close = async () => {
    connection?.close();
    await device?.close();
    await demo.close();
    await hub.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    device = await launchWebDevice({ url: demo.url });
    const session = new DeviceSession(device);
    connection = new HubConnection({
      hub: hub.url,
      token: hub.workerToken ?? '',
      workerId: 'hand-over',
      host: 'test',
      version: 'test',
      devices: [{ id: DEVICE_ID, bridge: device, session }],
      log: () => undefined,
    });
    connection.connect();
    await connection.whenRegistered();
    const store = hub.services.store;
    const tokens = {
      first: (await issueToken(store, 'agent-first', 'agent', null)).token,
      second: (await issueToken(store, 'agent-second', 'agent', null)).token,
      admin: (await issueToken(store, 'admin-hand-over', 'admin', null)).token,
    };
    const call = async (method: string, path: string, token: string, body?: unknown, deadlineMs?: number): Promise<Answer> => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (deadlineMs !== undefined) headers[DEADLINE_HEADER] = String(deadlineMs);
      const started = performance.now();
      const res = await fetch(hub.url + API_PREFIX + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const envelope = (await res.json()) as Envelope;
      return { envelope, ms: performance.now() - started };
    };
    const shown = device;
    return {
      hub,
      device: shown,
      session,
      tokens,
      call,
      touching: () => inPage<number>(shown, 'window.__demo.touching'),
      lease: async (token) => {
        const { envelope } = await call('POST', '/leases', token, { deviceId: DEVICE_ID });
        if (!envelope.ok) throw new Error(`no lease: ${envelope.error.message}`);
        return (envelope.data as { id: string }).id;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A one-finger hold of `ms` at a point of the demo app's feed. */
export function hold(ms: number): { fingers: Array<{ id: number; points: Array<{ x: number; y: number; t: number }> }> } {
  return { fingers: [{ id: 0, points: [{ x: 200, y: 600, t: 0 }, { x: 200, y: 600, t: ms }] }] };
}

/** Polls until the page has no finger down; how long that took, or undefined past `withinMs`. */
export async function fingersLiftedWithin(lab: HandOverLab, withinMs: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if ((await lab.touching()) === 0) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}
