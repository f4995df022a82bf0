// The ADB transport of the virtual device, driven byte by byte from a raw host.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { A_CLSE, A_OKAY, A_OPEN, A_WRTE, A_VERSION, AdbProtocolError, MessageDecoder, checksum, encodeMessage } from './adb-message.js';
import { startVirtualDevice } from './virtual-device.js';
import type { VirtualDevice } from './virtual-device.js';
import { RawHost } from './test-support/raw-host.js';
import { v2Packet } from './services/shell.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

describe('adb message', () => {
  it('encodes the header little-endian with the byte-sum checksum and the magic', () => {
    const m = encodeMessage(A_WRTE, 1, 2, Buffer.from([1, 2, 250]));
    assert.equal(m.readUInt32LE(0), A_WRTE);
    assert.equal(m.readUInt32LE(12), 3);
    assert.equal(m.readUInt32LE(16), 253);
    assert.equal(m.readUInt32LE(20), (A_WRTE ^ 0xffffffff) >>> 0);
    assert.equal(checksum(Buffer.from([255, 255])), 510);
  });

  it('decodes messages split and joined arbitrarily', () => {
    const bytes = Buffer.concat([encodeMessage(A_OPEN, 7, 0, Buffer.from('shell:ls\0')), encodeMessage(A_OKAY, 1, 7)]);
    const d = new MessageDecoder(4096);
    const out = [...d.push(bytes.subarray(0, 5)), ...d.push(bytes.subarray(5, 30)), ...d.push(bytes.subarray(30))];
    assert.deepEqual(out.map((m) => [m.command, m.arg0, m.data.toString()]), [[A_OPEN, 7, 'shell:ls\0'], [A_OKAY, 1, '']]);
  });

  it('refuses bad magic, unknown commands, oversized payloads and (for old peers) bad checksums', () => {
    const good = encodeMessage(A_WRTE, 1, 2, Buffer.from('abc'));
    const badMagic = Buffer.from(good);
    badMagic.writeUInt32LE(0, 20);
    assert.throws(() => new MessageDecoder(4096).push(badMagic), AdbProtocolError);
    const unknown = encodeMessage(0x41414141, 0, 0);
    assert.throws(() => new MessageDecoder(4096).push(unknown), AdbProtocolError);
    assert.throws(() => new MessageDecoder(2).push(good), AdbProtocolError);
    const badSum = Buffer.from(good);
    badSum.writeUInt32LE(1, 16);
    const old = new MessageDecoder(4096);
    old.verifyChecksum = true;
    assert.throws(() => old.push(badSum), AdbProtocolError);
    assert.equal(new MessageDecoder(4096).push(badSum).length, 1);
  });
});

describe('transport (raw host)', { skip: withoutFixtures() }, () => {
  let vd: VirtualDevice;
  before(async () => {
    vd = await startVirtualDevice({ maxPayload: 4096, model: 'Raw Model' });
  });
  after(async () => {
    await vd.close();
  });

  it('answers CNXN with the banner (no trailing NUL) and the smaller max payload', async () => {
    const host = await RawHost.connect(vd.port);
    const cnxn = await host.handshake(1 << 20);
    assert.ok(cnxn);
    assert.equal(cnxn.arg0, A_VERSION);
    assert.equal(cnxn.arg1, 4096);
    const banner = cnxn.data.toString();
    assert.match(banner, /^device::ro\.product\.name=[^;]+;ro\.product\.model=Raw Model;ro\.product\.device=[^;]+;features=shell_v2,cmd,stat_v2,fixed_push_mkdir$/);
    host.close();
  });

  it('runs shell v1 and shell v2 services and closes unknown services with CLSE(0, id)', async () => {
    const host = await RawHost.connect(vd.port);
    await host.handshake();
    const v1 = await host.run('shell:echo out; echo err >&2; exit 4');
    assert.equal(v1.data.toString(), 'out\nerr\n');
    const v2 = await host.run('shell,v2,TERM=xterm,raw:echo out; echo err >&2; exit 4');
    assert.deepEqual(v2.data, Buffer.concat([v2Packet(1, Buffer.from('out\n')), v2Packet(2, Buffer.from('err\n')), v2Packet(3, Buffer.from([4]))]));
    const unknown = await host.run('jdwp:1234');
    assert.equal(unknown.accepted, false);
    assert.ok(host.messages.some((m) => m.command === A_CLSE && m.arg0 === 0));
    host.close();
  });

  it('splits output to the payload limit and keeps one WRTE in flight until OKAY', async () => {
    const host = await RawHost.connect(vd.port);
    await host.handshake();
    host.autoAck = false;
    vd.device.fs.writeFile('/sdcard/big', Buffer.alloc(10_000, 0x61));
    host.send(A_OPEN, 10, 0, Buffer.from('exec:cat /sdcard/big\0'));
    const first = await host.waitFor((m) => m.command === A_WRTE && m.arg1 === 10);
    assert.ok(first);
    assert.equal(first.data.length, 4096);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(host.messages.filter((m) => m.command === A_WRTE && m.arg1 === 10).length, 1, 'a second WRTE before OKAY');
    host.autoAck = true;
    const received: Buffer[] = [first.data];
    for (let n = 1; received.reduce((s, b) => s + b.length, 0) < 10_000; n++) {
      host.send(A_OKAY, 10, first.arg0);
      const next = await host.waitFor((m) => m.command === A_WRTE && m.arg1 === 10 && !received.includes(m.data));
      assert.ok(next, `chunk ${n}`);
      assert.ok(next.data.length <= 4096);
      received.push(next.data);
    }
    assert.equal(Buffer.concat(received).toString(), 'a'.repeat(10_000));
    host.close();
  });

  it('closes the connection on hostile bytes and keeps serving others', async () => {
    const hostile: Buffer[] = [
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      (() => {
        const m = encodeMessage(A_WRTE, 1, 1);
        m.writeUInt32LE(0x7fffffff, 12);
        m.writeUInt32LE((A_WRTE ^ 0xffffffff) >>> 0, 20);
        return m;
      })(),
      (() => {
        const m = encodeMessage(A_OPEN, 1, 0, Buffer.from('shell:id\0'));
        m.writeUInt32LE(0x12345678, 20);
        return m;
      })(),
      Buffer.alloc(4096, 0xff),
    ];
    for (const bytes of hostile) {
      const host = await RawHost.connect(vd.port);
      await host.handshake();
      host.writeRaw(bytes);
      assert.equal(await host.waitClosed(), true, `still open after ${bytes.subarray(0, 8).toString('hex')}`);
    }
    assert.ok(vd.log.some((l) => /bad magic|unknown command|over the limit/.test(l)));
    const host = await RawHost.connect(vd.port);
    await host.handshake();
    assert.equal((await host.run('shell:echo alive')).data.toString(), 'alive\n');
    host.close();
  });

  it('ignores services opened before the handshake and messages for unknown streams', async () => {
    const host = await RawHost.connect(vd.port);
    host.send(A_OPEN, 5, 0, Buffer.from('shell:echo early\0'));
    assert.ok(await host.waitFor((m) => m.command === A_CLSE && m.arg1 === 5));
    host.send(A_WRTE, 77, 88, Buffer.from('stray'));
    host.send(A_OKAY, 77, 88);
    host.send(A_CLSE, 77, 88);
    await host.handshake();
    assert.equal((await host.run('shell:echo ok')).data.toString(), 'ok\n');
    host.close();
  });
});
