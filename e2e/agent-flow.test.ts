import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hub } from '../server/main.js';
import { call, createToken, data, descendants, isAlive, refOf, runCli, startTestHub, tempDataDir, waitFor, WorkerProcess } from './support/lab.js';

/**
 * The running lab, end to end and for real: an in-process hub on port 0, a worker process
 * with one headless web device showing the demo app, agents over HTTP and through the CLI.
 * Serial, one device, as few Chromium launches as the scenarios allow (three).
 */
interface Lease {
  id: string;
  deviceId: string;
  sessionId: string | null;
  holder: string;
}
interface Device {
  id: string;
  state: 'online' | 'offline';
  lease: { leaseId: string; holder: string; until: string } | null;
}
interface Action {
  seq: number;
  command: string;
  envelope: { ok: boolean; error?: { code: string; disposition: { delivery: string; retry: string } } } | null;
  outlineBefore: string | null;
  outlineAfter: string | null;
  diff: string | null;
}

const WORKER_ID = 'e2e';
const DEVICE = `${WORKER_ID}-web-1`;

describe('the lab end to end: hub, worker process, web device, agents', { concurrency: false }, () => {
  const data_ = tempDataDir();
  let hub: Hub;
  let url: string;
  let admin: string;
  let workerToken: string;
  let worker: WorkerProcess;
  const spawnedWorkers: WorkerProcess[] = [];

  const startWorker = async (): Promise<WorkerProcess> => {
    const w = await WorkerProcess.start({ hub: url, token: workerToken, workerId: WORKER_ID });
    spawnedWorkers.push(w);
    return w;
  };
  const device = async (token: string): Promise<Device> => data(await call<Device>(url, 'GET', `/devices/${DEVICE}`, token));
  const lease = async (token: string, body: Record<string, unknown> = {}) => call<Lease>(url, 'POST', '/leases', token, { deviceId: DEVICE, ...body });
  const outline = async (token: string): Promise<string> => data(await call<{ outline: string }>(url, 'GET', `/devices/${DEVICE}/outline`, token)).outline;
  const act = (token: string, command: string, args: unknown, headers: Record<string, string> = {}) => call<{ diff: string }>(url, 'POST', `/devices/${DEVICE}/${command}`, token, args, headers);
  const actions = async (token: string, sessionId: string): Promise<Action[]> =>
    data(await call<{ actions: Action[] }>(url, 'GET', `/sessions/${sessionId}/actions`, token)).actions;

  before(async () => {
    hub = await startTestHub(data_.dir);
    url = hub.url;
    admin = hub.adminToken as string;
    workerToken = await createToken(url, admin, 'e2e-worker', 'worker');
    worker = await startWorker();
    await waitFor('the web device online', async () => (await device(admin)).state === 'online');
  });

  after(async () => {
    for (const w of spawnedWorkers) {
      await Promise.race([w.stop(), new Promise((r) => setTimeout(r, 15_000).unref())]);
      w.killGroup();
    }
    await hub?.close();
    data_.remove();
  });

  test('an agent over HTTP: lease -> outline -> tap by selector -> settled diff shows the new screen -> release', async () => {
    const agent = await createToken(url, admin, 'agent-http', 'agent');
    const taken = data(await lease(agent));
    assert.equal(taken.deviceId, DEVICE);
    const home = await outline(agent);
    assert.match(home.split('\n')[0] ?? '', /^App: .*snapshot [0-9a-f]+/);
    const settings = refOf(home, /Tab "Settings"/);
    const tapped = await act(agent, 'tap', { target: settings });
    assert.equal(tapped.status, 200);
    const diff = data(tapped).diff;
    assert.match(diff, /^screen: Home → Settings\n/, 'the diff names the new screen in one line');
    assert.match(diff, /^ *@\d+ .*Heading "Settings"/m, 'then gives its outline');
    const log = await actions(agent, taken.sessionId as string);
    assert.deepEqual(log.map((a) => a.command), ['tap']);
    assert.equal(log[0]?.envelope?.ok, true);
    assert.ok(log[0]?.outlineBefore && log[0]?.outlineAfter && log[0]?.diff, 'the log keeps outline hashes and the diff');
    assert.equal((await call(url, 'DELETE', `/leases/${taken.id}`, agent)).status, 200);
    assert.equal((await device(agent)).lease, null);
  });

  test('the same flow through the simlab CLI, with its exit codes', async () => {
    const agent = await createToken(url, admin, 'agent-cli', 'agent');
    const env = { SIMLAB_HUB: url, SIMLAB_TOKEN: agent, SIMLAB_DATA: data_.dir, SIMLAB_CREDENTIALS: `${data_.dir}/cli-credentials.json` };
    const leased = await runCli(['lease'], env);
    assert.equal(leased.code, 0, leased.stderr);
    assert.match(leased.stdout, new RegExp(`leased ${DEVICE}`));
    assert.equal((await runCli(['button', 'home'], env)).code, 0);
    const ui = await runCli(['ui'], env);
    assert.equal(ui.code, 0, ui.stderr);
    const tapped = await runCli(['tap', refOf(ui.stdout, /Tab "Settings"/)], env);
    assert.equal(tapped.code, 0, tapped.stderr);
    assert.match(tapped.stdout, /^screen: Home → Settings\n(.*\n)* {2}@\d+ Heading "Settings"/m);
    const json = await runCli(['tap', '#tab-home', '--json'], env);
    assert.equal(json.code, 0);
    assert.equal((JSON.parse(json.stdout) as { command: string; ok: boolean }).ok, true);
    const stale = await runCli(['tap', '@999'], env);
    assert.equal(stale.code, 1, 'a device/command error exits 1');
    assert.match(stale.stderr, /NOT_FOUND/);
    const usage = await runCli(['scroll-by', 'abc'], env);
    assert.equal(usage.code, 2, 'a usage error exits 2');
    const log = await runCli(['log'], env);
    assert.equal(log.code, 0, log.stderr);
    assert.match(log.stdout, /button \{"button":"home"\}\s+-> ok/);
    assert.match(log.stdout, /tap \{"target":"@999"\}\s+-> NOT_FOUND/);
    const released = await runCli(['release'], env);
    assert.equal(released.code, 0, released.stderr);
    assert.equal((await device(agent)).lease, null);

    // A lease taken elsewhere (over HTTP) is found by asking the hub, so --device can still be left out.
    data(await lease(agent));
    const elsewhere = { ...env, SIMLAB_CREDENTIALS: `${data_.dir}/other-machine/credentials.json` };
    const releasedElsewhere = await runCli(['release'], elsewhere);
    assert.equal(releasedElsewhere.code, 0, releasedElsewhere.stderr);
    assert.equal((await device(agent)).lease, null);
  });

  test('two agents contend: one holds the device, the other gets DEVICE_BUSY, then gets it from the queue after release', async () => {
    const a = await createToken(url, admin, 'agent-a', 'agent');
    const b = await createToken(url, admin, 'agent-b', 'agent');
    const first = data(await lease(a));
    const busy = await lease(b);
    assert.equal(busy.status, 423);
    assert.equal(busy.envelope.ok ? '' : busy.envelope.error.code, 'DEVICE_BUSY');
    const actWithout = await act(b, 'tap', { target: '#tab-home' });
    assert.equal(actWithout.envelope.ok ? '' : actWithout.envelope.error.code, 'DEVICE_BUSY', 'acting on a device another holds is DEVICE_BUSY');
    const queued = lease(b, { wait: true, timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await call(url, 'DELETE', `/leases/${first.id}`, a)).status, 200);
    const second = data(await queued);
    assert.equal(second.holder, 'agent-b');
    assert.equal((await act(b, 'tap', { target: '#tab-home' })).status, 200);
    const lostIt = await act(a, 'tap', { target: '#tab-home' });
    assert.equal(lostIt.envelope.ok ? '' : lostIt.envelope.error.code, 'DEVICE_BUSY');
    assert.equal((await call(url, 'DELETE', `/leases/${second.id}`, b)).status, 200);
  });

  test('restarting the hub: the worker reconnects by itself, the lease and the log are intact', async () => {
    const agent = await createToken(url, admin, 'agent-restart', 'agent');
    const held = data(await lease(agent));
    assert.equal((await act(agent, 'tap', { target: '#tab-settings' })).status, 200);
    const port = hub.port;
    await hub.close();
    hub = await startTestHub(data_.dir, port, false);
    await waitFor('the device back online after the hub restart', async () => (await device(agent)).state === 'online');
    const leases = data(await call<{ leases: Lease[] }>(url, 'GET', '/leases', agent)).leases;
    assert.ok(leases.some((l) => l.id === held.id), 'the lease survived');
    assert.equal((await act(agent, 'tap', { target: '#tab-home' })).status, 200, 'the lease still works');
    const log = await actions(agent, held.sessionId as string);
    assert.deepEqual(log.map((a) => a.command), ['tap', 'tap']);
    assert.ok(log.every((a) => a.envelope?.ok));
    assert.equal((await call(url, 'DELETE', `/leases/${held.id}`, agent)).status, 200);
  });

  test('killing the worker during a long press: an uncertain delivery at once, the device offline, back with a new worker, the log complete', async () => {
    const agent = await createToken(url, admin, 'agent-kill', 'agent');
    const held = data(await lease(agent));
    assert.equal((await act(agent, 'tap', { target: '#tab-settings' })).status, 200);
    const browsers = descendants(worker.pid);
    assert.ok(browsers.length > 0, 'the worker runs a browser');
    const pressing = act(agent, 'long-press', { target: '#tab-home', ms: 5000 }, { 'x-simlab-deadline-ms': '30000' });
    await waitFor('the long press in flight', async () => (await actions(agent, held.sessionId as string)).some((a) => a.command === 'long-press' && a.envelope === null));
    await new Promise((r) => setTimeout(r, 700));
    worker.child.kill('SIGKILL');
    const answer = await pressing;
    assert.equal(answer.envelope.ok, false);
    if (answer.envelope.ok) return;
    assert.equal(answer.envelope.error.code, 'DEVICE_UNAVAILABLE', 'the hub noticed the lost worker instead of waiting out the deadline');
    assert.deepEqual(answer.envelope.error.disposition, { delivery: 'delivery_uncertain', retry: 'unsafe' });
    assert.equal((await device(agent)).state, 'offline');
    await waitFor('the killed worker\'s browser to exit', () => browsers.every((pid) => !isAlive(pid)), 15_000);

    worker = await startWorker();
    await waitFor('the device back online with a new worker', async () => (await device(agent)).state === 'online');
    const log = await actions(agent, held.sessionId as string);
    assert.deepEqual(log.map((a) => a.command), ['tap', 'long-press']);
    assert.equal(log[0]?.envelope?.ok, true);
    assert.equal(log[1]?.envelope?.error?.disposition.delivery, 'delivery_uncertain');
    assert.equal((await act(agent, 'tap', { target: '#tab-home' })).status, 200, 'the lease works on the new worker');
    assert.equal((await call(url, 'DELETE', `/leases/${held.id}`, agent)).status, 200);
  });

  test('the worker streams JPEG frames to the hub while someone watches', async () => {
    const frames: Array<{ deviceId: string; data: Uint8Array; width: number }> = [];
    const unsubscribe = hub.services.workers.subscribeFrames(DEVICE, (frame) => frames.push(frame));
    const agent = await createToken(url, admin, 'agent-frames', 'agent');
    const held = data(await lease(agent));
    await waitFor('a first frame', () => frames.length > 0, 15_000);
    assert.equal((await act(agent, 'tap', { target: '#tab-settings' })).status, 200);
    const frame = frames.at(-1);
    assert.equal(frame?.deviceId, DEVICE);
    assert.deepEqual([...(frame?.data.subarray(0, 2) ?? [])], [0xff, 0xd8], 'JPEG bytes');
    unsubscribe();
    assert.equal((await call(url, 'DELETE', `/leases/${held.id}`, agent)).status, 200);
  });

  test('stopping the worker (SIGTERM, as Ctrl-C) closes its devices: no browser outlives it', async () => {
    const browsers = descendants(worker.pid);
    assert.ok(browsers.length > 0);
    assert.equal(await worker.stop(), 0);
    await waitFor('every browser process of the worker to exit', () => browsers.every((pid) => !isAlive(pid)), 15_000);
    await waitFor('the device offline', async () => (await device(admin)).state === 'offline', 10_000);
  });
});
