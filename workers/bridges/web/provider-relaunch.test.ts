import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { SimlabError } from '../../../core/contract/index.js';
import type { OutlineJson } from '../../../core/outline/json.js';
import { DeviceSession } from '../../session/device-session.js';
import { errorOf, okData } from '../../session/test-support/envelopes.js';
import type { ProvidedDevice, ProvidedDevices } from '../../providers/provider.js';
import { webProvider } from './provider.js';

/** The Chromium browser processes this test process started (Playwright talks to them over a pipe). */
function ourBrowserPids(): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are no children
  }
  return out
    .split('\n')
    .filter((line) => /chromium/.test(line) && line.includes('--remote-debugging-pipe'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Bound on how long a withdrawal or a relaunch may take before the test gives up (not a speed goal). */
const WAIT_MS = 60_000;

describe('web provider: a device whose Chromium dies is withdrawn and relaunched under the same id', { concurrency: false }, () => {
  const WORKER = 'relaunch';
  const ID = `${WORKER}-web-1`;
  const logs: string[] = [];
  let provided: ProvidedDevices;
  const waiters: Array<() => void> = [];

  /** Resolves when the device list, after a change, satisfies the test. */
  const listBecomes = (test: (devices: ProvidedDevice[]) => boolean, what: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what}: not within ${WAIT_MS} ms; log:\n${logs.join('\n')}`)), WAIT_MS);
      const check = () => {
        if (!test(provided.devices)) return;
        clearTimeout(timer);
        waiters.splice(waiters.indexOf(check), 1);
        resolve();
      };
      waiters.push(check);
    });

  before(async () => {
    provided = await webProvider.start({ workerId: WORKER, env: { SIMLAB_WEB_DEVICES: '1' }, log: (m) => logs.push(m) });
    assert.ok(provided.onDevicesChanged, 'the web provider reports device changes');
    provided.onDevicesChanged(() => {
      for (const check of [...waiters]) check();
    });
  });

  let closed = false;
  after(async () => {
    if (!closed) await provided?.close();
    assert.deepEqual(ourBrowserPids(), [], 'close() leaves no Chromium behind');
  });

  it('withdraws the device, answers DEVICE_UNAVAILABLE meanwhile, and brings it back working', async () => {
    assert.deepEqual(provided.devices.map((d) => d.id), [ID]);
    const dead = provided.devices[0] as ProvidedDevice;
    const deadSession = new DeviceSession(dead.bridge);
    const pids = ourBrowserPids();
    assert.equal(pids.length, 1, `one Chromium for one device, found ${JSON.stringify(pids)}`);
    const pid = pids[0] as number;

    const withdrawn = listBecomes((devices) => devices.length === 0, 'withdrawn');
    process.kill(pid, 'SIGKILL');
    await withdrawn;

    const error = errorOf(await deadSession.execute('outline', {}));
    assert.equal(error.code, 'DEVICE_UNAVAILABLE');
    assert.equal(error.disposition.delivery, 'not_delivered');
    await assert.rejects(dead.bridge.describe(), (err: unknown) => err instanceof SimlabError && err.code === 'DEVICE_UNAVAILABLE');
    const pressed = errorOf(await deadSession.execute('key', { key: 'Enter' }));
    assert.equal(pressed.code, 'DEVICE_UNAVAILABLE');
    assert.equal(pressed.disposition.delivery, 'not_delivered');

    await listBecomes((devices) => devices.length === 1, 'back');
    const back = provided.devices[0] as ProvidedDevice;
    assert.equal(back.id, ID);
    assert.notEqual(back.bridge, dead.bridge, 'a new bridge for the new browser');
    assert.equal(back.bridge.info.id, ID);
    assert.ok(!isRunning(pid), 'the killed Chromium is gone');

    const data = okData(await new DeviceSession(back.bridge).execute('outline', { format: 'json' }));
    assert.ok((data.outline as OutlineJson).elements.length > 0, 'the relaunched device shows the demo app');
    assert.ok(logs.some((m) => m.startsWith(`${ID}: relaunched`)), `the relaunch is logged:\n${logs.join('\n')}`);
  });

  it('close() while a relaunch is pending stops it and leaves no Chromium', async () => {
    const pids = ourBrowserPids();
    assert.equal(pids.length, 1);
    const withdrawn = listBecomes((devices) => devices.length === 0, 'withdrawn again');
    process.kill(pids[0] as number, 'SIGKILL');
    await withdrawn;
    // The relaunch is waiting out its pause now; close() ends it and waits for it.
    closed = true;
    await provided.close();
    assert.deepEqual(provided.devices, []);
    assert.deepEqual(ourBrowserPids(), []);
    assert.equal(logs.filter((m) => m.startsWith(`${ID}: relaunched`)).length, 1, 'only the first death was relaunched');
  });
});
