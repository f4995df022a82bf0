import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { adbConnect, startAdbServer, type AdbServer } from '../adb-server.js';
import { startVirtualDevice, type VirtualDevice, type VirtualDeviceOptions } from '../virtual-device.js';

export interface ConnectedDevice {
  server: AdbServer;
  vd: VirtualDevice;
  /** A scratch folder, removed after the suite. */
  dir: string;
}

/**
 * For the enclosing suite: a private adb server with one virtual device connected and a
 * scratch folder, all ready in `before` and gone in `after`.
 */
export function connectedDeviceForSuite(name: string, options: VirtualDeviceOptions = {}): ConnectedDevice {
  const lab = {} as ConnectedDevice;
  before(async () => {
    lab.dir = await mkdtemp(join(tmpdir(), `simlab-${name}-`));
    lab.server = await startAdbServer();
    lab.vd = await startVirtualDevice(options);
    assert.equal(await adbConnect(lab.vd.serial, lab.server.port), 'device');
  });
  after(async () => {
    await lab.server?.kill();
    await lab.vd?.close();
    if (lab.dir) await rm(lab.dir, { recursive: true, force: true });
  });
  return lab;
}

/** Everything a stream yields, as one buffer. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
