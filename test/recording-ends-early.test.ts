// A recording never ends early without saying so (issue 17): an agent's lease on a virtual
// Android device is recorded through a hub and a worker connection in this process; when the
// device's screenrecord refuses to start again at its time limit, the recording ends by itself and
// says why in the lease's recording state (GET /leases/:id/recording and `simlab record status`), in
// the recording's end reason (GET /sessions/:id/recordings, the replay) and in devices (the frame
// path falls back to screencap, naming why).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Envelope } from '../core/contract/index.js';
import { API_PREFIX } from '../server/api/app.js';
import { issueToken } from '../server/auth/tokens.js';
import { startHub } from '../server/hub.js';
import type { Frame } from '../workers/bridge.js';
import type { AndroidDevice } from '../workers/bridges/android/android-device.js';
import { labForSuite } from '../workers/bridges/android/test-support/lab.js';
import { HubConnection } from '../workers/hub-client/hub-connection.js';
import { findFfmpeg } from '../workers/media/ffmpeg-path.js';
import { DeviceSession } from '../workers/session/device-session.js';
import { runCli } from '../e2e/support/lab.js';
import { withoutFixtures } from './support/fixtures.js';

const FPS = 5;

/** An agent's lease on the Android device through a hub in this process (agents are recorded by default). */
async function hubWith(device: AndroidDevice): Promise<{ url: string; token: string; call: <T>(method: string, path: string, body?: unknown) => Promise<T>; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simlab-long-recording-'));
  const hub = await startHub({ port: 0, dataDir, rateLimit: { max: 100_000, windowMs: 60_000 } });
  const connection = new HubConnection({ hub: hub.url, token: hub.workerToken ?? '', workerId: 'rec', host: 'test', version: 'test', devices: [{ id: DEVICE_ID, bridge: device, session: new DeviceSession(device) }], log: () => undefined });
  connection.connect();
  await connection.whenRegistered();
  const token = (await issueToken(hub.services.store, 'agent-rec', 'agent', null)).token;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(hub.url + API_PREFIX + path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const envelope = (await res.json()) as Envelope;
    if (!envelope.ok) throw new Error(`${method} ${path}: ${envelope.error.message}`);
    return envelope.data as T;
  };
  return {
    url: hub.url,
    token,
    call,
    close: async () => {
      connection.close();
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const DEVICE_ID = 'android-rec';

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a recording whose frames stop before it was asked to end', { skip: withoutFixtures() || (findFfmpeg() ? false : 'needs ffmpeg') }, () => {
  const lab = labForSuite();

  it('screenrecord refusing to start again ends the recording saying why, in the lease, the recording and devices; live frames go on through screencap', async () => {
    const { vd, device } = await lab().open({ recordFps: FPS, width: 360, height: 720, density: 160 }, { recordTimeLimitS: 3 });
    const hub = await hubWith(device);
    try {
      const lease = await hub.call<{ id: string; sessionId: string }>('POST', '/leases', { deviceId: DEVICE_ID });
      vd.device.animate(60_000);
      await until('the recording to start', async () => (await hub.call<{ recordingId: string | null }>('GET', `/leases/${lease.id}/recording`)).recordingId ?? undefined);
      await new Promise((r) => setTimeout(r, 1000));
      vd.device.refusals.set('screenrecord', 'ERROR: unable to create video/avc codec');
      const state = await until('the recording to end by itself', async () => {
        const s = await hub.call<{ wanted: boolean; recordingId: string | null; error: string | null }>('GET', `/leases/${lease.id}/recording`);
        return s.error ? s : undefined;
      });
      assert.equal(state.recordingId, null);
      assert.match(state.error ?? '', /^ended early: the device's frames stopped \(screenrecord: screenrecord ended at once, saying: ERROR: unable to create video\/avc codec\)$/);
      // The hub writes the recording's manifest a moment after it notes the lease's error.
      const recordings = await until('the recording\'s manifest to close', async () => {
        const r = (await hub.call<{ recordings: Array<{ endReason: string | null; startedAt: number | null; endedAt: number | null; facts: { video: string } | null }> }>('GET', `/sessions/${lease.sessionId}/recordings`)).recordings;
        return r[0]?.endedAt ? r : undefined;
      });
      assert.equal(recordings.length, 1);
      assert.equal(recordings[0]?.endReason, state.error, 'the recording itself says why it ended');
      assert.ok(recordings[0]?.startedAt && recordings[0].endedAt, 'what was recorded before is kept');
      assert.equal(recordings[0].facts?.video, 'copy', 'through the hub, the recording says it copied screenrecord\'s H.264');
      const cli = await runCli(['record', 'status', '--device', DEVICE_ID], { SIMLAB_HUB: hub.url, SIMLAB_TOKEN: hub.token });
      assert.equal(cli.stdout.trim(), `recording wanted but not running: ${state.error}`, cli.stderr);
      const frames = device.status().frames;
      assert.equal(frames?.path, 'screencap');
      assert.match(frames?.reason ?? '', /^screenrecord ended at once, saying: ERROR: unable to create video\/avc codec; now repeated screencap$/);
      const live: Frame[] = [];
      const stop = device.frames((f) => live.push(f));
      await until('live frames through screencap', async () => (live.length >= 2 ? true : undefined));
      stop();
      await hub.call('DELETE', `/leases/${lease.id}`);
    } finally {
      await hub.close();
    }
  });

});
