// Discovery and the worker's provider on a private adb server: network devices connected,
// states reported (unauthorized, device, gone), usable devices served.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { tap } from '../../../core/gestures/index.js';
import { SimlabError } from '../../../core/contract/index.js';
import { loadProvider } from '../../providers/registry.js';
import { Adb } from './adb/adbkit.js';
import type { AndroidDevice } from './android-device.js';
import { AdbDiscovery, type DeviceStateEvent } from './discovery.js';
import { androidDeviceId } from './provider.js';
import { startAdbServer, startVirtualDevice, type AdbServer, type VirtualDevice } from './virtual/index.js';
import { admitTimeline } from '../../../core/wire/admitted-timeline.js';
import { withoutFixtures } from '../../../test/support/fixtures.js';

async function until(what: string, test: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Android discovery and provider (private adb server)', { skip: withoutFixtures() }, () => {
  let server: AdbServer;
  const vds: VirtualDevice[] = [];
  const virtual = async (options: Parameters<typeof startVirtualDevice>[0] = {}) => {
    const vd = await startVirtualDevice(options);
    vds.push(vd);
    return vd;
  };

  before(async () => {
    server = await startAdbServer();
  });
  after(async () => {
    await server?.kill();
    for (const vd of vds) await vd.close();
  });

  it('reports an unauthorized device as such, then online once the key is allowed, then gone', async () => {
    const vd = await virtual({ auth: true });
    const events: DeviceStateEvent[] = [];
    const discovery = new AdbDiscovery(Adb.createClient({ port: server.port }), { connect: [vd.serial] });
    discovery.on('add', (e) => events.push(e));
    discovery.on('change', (e) => events.push(e));
    discovery.on('remove', (e) => events.push({ ...e, state: 'unknown' }));
    try {
      await discovery.start();
      assert.equal(discovery.devices.get(vd.serial), 'unauthorized');
      assert.ok(events.some((e) => e.serial === vd.serial && e.state === 'unauthorized'));
      assert.ok(vd.allowPendingKey());
      await until('the device online', () => discovery.devices.get(vd.serial) === 'device');
      assert.deepEqual(events.at(-1), { serial: vd.serial, state: 'device', previous: 'unauthorized' });
      await vd.close();
      await until('the device offline or gone', () => discovery.devices.get(vd.serial) !== 'device');
    } finally {
      discovery.stop();
    }
  });

  it('the worker provider serves usable devices under stable ids, withdraws them while offline, and adds devices that become usable', async () => {
    const online = await virtual();
    const locked = await virtual({ auth: true });
    const logs: string[] = [];
    const provider = await loadProvider('android');
    const started = await provider.start({
      workerId: 'w1',
      env: { SIMLAB_ADB_PORT: String(server.port), SIMLAB_ADB_CONNECT: `${online.serial},${locked.serial}` },
      log: (m) => logs.push(m),
    });
    const ids = () => started.devices.map((d) => d.id);
    const announced: string[][] = [];
    started.onDevicesChanged?.(() => announced.push(ids()));
    try {
      assert.deepEqual(ids(), [androidDeviceId('w1', online.serial)]);
      assert.ok(logs.some((l) => l.includes(locked.serial) && /unauthorized/.test(l)), logs.join('\n'));
      const bridge = started.devices[0]?.bridge as AndroidDevice;
      assert.equal(bridge.info.platform, 'android');
      await bridge.perform(admitTimeline(tap({ x: 20, y: 20 }), bridge.info.size));

      online.dropConnections();
      await until('the device withdrawn', () => announced.some((list) => list.length === 0));
      // The adb server reconnects by itself; the same bridge is announced again.
      await until('the device back', () => started.devices.length === 1, 30_000);
      assert.equal(started.devices[0]?.bridge, bridge);
      await bridge.perform(admitTimeline(tap({ x: 20, y: 20 }), bridge.info.size));

      // The user allows the key on the locked device: it joins.
      assert.ok(locked.allowPendingKey());
      await until('the unlocked device announced', () => started.devices.length === 2);
      assert.ok(ids().includes(androidDeviceId('w1', locked.serial)));

      // Gone for good: withdrawn, and its bridge refuses without sending anything.
      await online.close();
      await until('the closed device withdrawn', () => !ids().includes(androidDeviceId('w1', online.serial)));
      const err = await bridge.perform(admitTimeline(tap({ x: 20, y: 20 }), bridge.info.size)).then(() => null, (e: unknown) => e);
      assert.ok(err instanceof SimlabError && err.code === 'DEVICE_UNAVAILABLE' && err.options.delivery === 'not_delivered', String(err));
    } finally {
      await started.close();
    }
  });
});
