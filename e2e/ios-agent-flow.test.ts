import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hub } from '../server/main.js';
import { iosDeviceId } from '../workers/bridges/ios/provider.js';
import { FAKE_UDID, FakeIosHost } from '../workers/bridges/ios/test-support/fake-ios-host.js';
import { call, createToken, data, refOf, startWorkerLab, waitFor, type WorkerLab } from './support/lab.js';
import { withoutFixtures } from '../test/support/fixtures.js';

/**
 * The agent flow on iOS, end to end on a Linux host: an in-process hub, a worker process with
 * the ios provider, and a Mac host made of fake xcrun/AXe executables that replay real outputs
 * of those tools (workers/bridges/ios/testdata): lease -> outline -> tap by selector -> type ->
 * an iOS verb -> the simulator shuts down -> DEVICE_UNAVAILABLE with a hint.
 */
interface Lease {
  id: string;
}

const WORKER_ID = 'e2e-mac';

describe('the lab end to end on an iOS simulator (replayed tools)', { concurrency: false, skip: withoutFixtures() }, () => {
  const mac = new FakeIosHost();
  const deviceId = iosDeviceId(WORKER_ID, FAKE_UDID);
  let lab: WorkerLab | undefined;
  let hub: Hub;
  let agent: string;

  before(async () => {
    const env = Object.fromEntries(Object.entries({ ...mac.env, SIMLAB_PLATFORMS: 'ios', SIMLAB_IOS_POLL_MS: '300' }).filter((e): e is [string, string] => typeof e[1] === 'string'));
    lab = await startWorkerLab({ workerId: WORKER_ID, deviceId, env });
    hub = lab.hub;
    agent = await createToken(hub.url, hub.adminToken as string, 'agent-ios', 'agent');
  });

  after(async () => {
    await lab?.close();
    mac.cleanup();
  });

  test('an agent over HTTP: lease -> outline of the real tree -> tap by selector lands on the element -> type -> ios verb', async () => {
    const url = hub.url;
    const lease = data(await call<Lease>(url, 'POST', '/leases', agent, { deviceId }));
    const outline = data(await call<{ outline: string }>(url, 'GET', `/devices/${deviceId}/outline`, agent)).outline;
    const back = refOf(outline, /"戻る"/);
    const tapped = await call(url, 'POST', `/devices/${deviceId}/tap`, agent, { target: back });
    assert.equal(tapped.status, 200, JSON.stringify(tapped.envelope));
    const tap = mac.calls('axe').find((c) => c.args[0] === 'tap');
    assert.deepEqual(tap?.args.slice(0, 5), ['tap', '-x', '38', '-y', '100'], 'the centre of the back button (8,85 60x30)');

    const typed = await call(url, 'POST', `/devices/${deviceId}/type`, agent, { text: 'Taro' });
    assert.equal(typed.status, 200, JSON.stringify(typed.envelope));
    assert.equal(mac.calls('axe').find((c) => c.args[0] === 'type')?.stdin, 'Taro');

    const opened = await call(url, 'POST', `/devices/${deviceId}/ios/open-url`, agent, { url: 'myapp://profile' });
    assert.equal(opened.status, 200, JSON.stringify(opened.envelope));
    assert.ok(mac.calls('simctl').some((c) => c.args.join(' ') === `openurl ${FAKE_UDID} myapp://profile`));

    // Only verbs count: frames for the lease's recording call `simctl io` meanwhile.
    const opens = () => mac.calls('simctl').filter((c) => c.args[0] === 'openurl').length;
    const before = opens();
    const hostile = await call(url, 'POST', `/devices/${deviceId}/ios/open-url`, agent, { url: 'file:///etc/passwd' });
    assert.equal(hostile.status, 400);
    const web = await call(url, 'POST', `/devices/${deviceId}/web/open`, agent, { url: 'https://example.com/' });
    assert.equal(web.status, 501, 'a web verb on an iOS device is UNSUPPORTED');
    assert.equal(opens(), before, 'refused verbs never reach simctl');
    assert.equal((await call(url, 'DELETE', `/leases/${lease.id}`, agent)).status, 200);
  });

  test('the simulator shuts down: a command answers DEVICE_UNAVAILABLE with how to boot it, and the device goes offline', async () => {
    const url = hub.url;
    const lease = data(await call<Lease>(url, 'POST', '/leases', agent, { deviceId }));
    mac.setState(FAKE_UDID, 'Shutdown');
    const shot = await call(url, 'GET', `/devices/${deviceId}/screenshot`, agent);
    assert.equal(shot.status, 503, JSON.stringify(shot.envelope));
    assert.ok(!shot.envelope.ok && /boot/.test(shot.envelope.error.hint ?? ''), JSON.stringify(shot.envelope));
    await waitFor('the device offline', async () => {
      const answer = await call<{ state: string }>(url, 'GET', `/devices/${deviceId}`, hub.adminToken as string);
      return answer.envelope.ok && answer.envelope.data.state !== 'online';
    });
    await call(url, 'DELETE', `/leases/${lease.id}`, agent);
  });
});
