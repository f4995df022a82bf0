// Random well-framed and ill-framed traffic against the device: it may close a connection,
// never the process, and keeps serving new connections.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { A_AUTH, A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, encodeMessage } from './adb-message.js';
import { startVirtualDevice } from './virtual-device.js';
import type { VirtualDevice } from './virtual-device.js';
import { RawHost } from './test-support/raw-host.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

const SERVICES = ['shell:echo x', 'shell,v2,raw:ls /', 'exec:cat /sdcard/f', 'sync:', 'exec:screencap -p', 'nope:', ''];

const message = fc.oneof(
  fc.record({
    command: fc.constantFrom(A_OPEN, A_WRTE, A_OKAY, A_CLSE, A_AUTH, A_CNXN),
    arg0: fc.integer({ min: 0, max: 8 }),
    arg1: fc.integer({ min: 0, max: 8 }),
    data: fc.oneof(
      fc.constantFrom(...SERVICES).map((s) => Buffer.from(`${s}\0`)),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.constantFrom('STAT', 'STA2', 'LIST', 'RECV', 'SEND', 'DATA', 'DONE', 'QUIT').chain((id) =>
        fc.tuple(fc.integer({ min: 0, max: 70_000 }), fc.string({ maxLength: 20 })).map(([n, s]) => {
          const head = Buffer.alloc(8);
          head.write(id, 0, 'latin1');
          head.writeUInt32LE(n, 4);
          return Buffer.concat([head, Buffer.from(s)]);
        }),
      ),
    ),
  }).map((m) => encodeMessage(m.command, m.arg0, m.arg1, m.data)),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((a) => Buffer.from(a)),
);

describe('fuzzed traffic', { skip: withoutFixtures() }, () => {
  let vd: VirtualDevice;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  before(async () => {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    vd = await startVirtualDevice({ maxPayload: 4096 });
    vd.device.fs.writeFile('/sdcard/f', Buffer.alloc(20_000, 7));
  });
  after(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await vd.close();
  });

  it('never takes the harness down', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 25 }), async (messages) => {
        const host = await RawHost.connect(vd.port);
        await host.handshake();
        for (const bytes of messages) host.writeRaw(bytes);
        await host.waitFor(() => false, 30);
        host.close();
      }),
      { numRuns: 150 },
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(uncaught, []);
    const host = await RawHost.connect(vd.port);
    await host.handshake();
    assert.equal((await host.run('shell:echo alive')).data.toString(), 'alive\n');
    host.close();
  });
});
