import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hub } from '../server/main.js';
import { androidDeviceId } from '../workers/bridges/android/provider.js';
import { adbConnect, startAdbServer, startVirtualDevice, type AdbServer, type VirtualDevice } from '../workers/bridges/android/virtual/index.js';
import { call, createToken, data, refOf, startWorkerLab, type WorkerLab } from './support/lab.js';
import { withoutFixtures } from '../test/support/fixtures.js';

/**
 * The agent flow on Android, end to end: an in-process hub, a worker process with the android
 * provider on a private adb server, and the virtual Android device (in this process) connected
 * to that server with `adb connect`: lease -> outline -> tap by selector -> diff -> release.
 */
interface Lease {
  id: string;
  deviceId: string;
  sessionId: string | null;
}

const WORKER_ID = 'e2e-android';

describe('the lab end to end on the virtual Android device', { concurrency: false, skip: withoutFixtures() }, () => {
  let lab: WorkerLab | undefined;
  let hub: Hub;
  let adb: AdbServer;
  let vd: VirtualDevice;
  let deviceId: string;

  before(async () => {
    adb = await startAdbServer();
    vd = await startVirtualDevice();
    assert.equal(await adbConnect(vd.serial, adb.port), 'device');
    deviceId = androidDeviceId(WORKER_ID, vd.serial);
    lab = await startWorkerLab({ workerId: WORKER_ID, deviceId, env: { SIMLAB_PLATFORMS: 'android', SIMLAB_ADB_PORT: String(adb.port), SIMLAB_ADB_CONNECT: vd.serial } });
    hub = lab.hub;
  });

  after(async () => {
    await lab?.close();
    await adb?.kill();
    await vd?.close();
  });

  test('an agent over HTTP: lease -> outline -> tap by selector -> the settled diff shows the next screen -> release', async () => {
    const url = hub.url;
    const agent = await createToken(url, hub.adminToken as string, 'agent-android', 'agent');
    const taken = data(await call<Lease>(url, 'POST', '/leases', agent, { deviceId }));
    assert.equal(taken.deviceId, deviceId);
    const outline = data(await call<{ outline: string }>(url, 'GET', `/devices/${deviceId}/outline`, agent)).outline;
    const network = refOf(outline, /"Network & internet"/);
    const tapped = await call<{ diff: string }>(url, 'POST', `/devices/${deviceId}/tap`, agent, { target: network });
    assert.equal(tapped.status, 200, JSON.stringify(tapped.envelope));
    assert.equal(vd.device.graph.screenId, 'network', 'the virtual device moved to the next screen');
    assert.match(data(tapped).diff, /^(\+ | *)@\d+ .*Airplane mode/m, 'the new screen appears in the diff');
    assert.equal((await call(url, 'DELETE', `/leases/${taken.id}`, agent)).status, 200);
  });
});
