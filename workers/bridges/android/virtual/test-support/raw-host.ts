// A minimal host side of the ADB transport for tests that need to send exactly the bytes they
// choose (handshakes, hostile input) instead of going through the adb server.
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { once } from 'node:events';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_VERSION, A_WRTE, MessageDecoder, encodeMessage } from '../adb-message.js';
import type { AdbMessage } from '../adb-message.js';

export class RawHost {
  readonly messages: AdbMessage[] = [];
  closed = false;
  private readonly decoder = new MessageDecoder(64 * 1024 * 1024);
  private waiters: (() => void)[] = [];
  private nextId = 100;
  /** When false, WRTEs from the device are not acknowledged (to test one write in flight). */
  autoAck = true;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const m of this.decoder.push(chunk)) {
        this.messages.push(m);
        if (m.command === A_WRTE && this.autoAck) this.send(A_OKAY, m.arg1, m.arg0);
      }
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async connect(port: number): Promise<RawHost> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    return new RawHost(socket);
  }

  send(command: number, arg0: number, arg1: number, data?: Buffer): void {
    this.socket.write(encodeMessage(command, arg0, arg1, data));
  }

  writeRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Waits for a message matching `pred` (scanning all received so far), or null on close/timeout. */
  async waitFor(pred: (m: AdbMessage) => boolean, timeoutMs = 5000): Promise<AdbMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    await this.waitFor(() => false, timeoutMs);
    return this.closed;
  }

  async handshake(maxPayload = 1024 * 1024): Promise<AdbMessage | null> {
    this.send(A_CNXN, A_VERSION, maxPayload, Buffer.from('host::features=shell_v2,cmd,stat_v2'));
    return this.waitFor((m) => m.command === A_CNXN);
  }

  /** Opens a service; resolves to the bytes it sent and whether it was accepted, after CLSE. */
  async run(service: string, timeoutMs = 10_000): Promise<{ accepted: boolean; data: Buffer }> {
    const id = this.nextId++;
    this.send(A_OPEN, id, 0, Buffer.from(`${service}\0`));
    const end = await this.waitFor((m) => m.command === A_CLSE && m.arg1 === id, timeoutMs);
    const accepted = this.messages.some((m) => m.command === A_OKAY && m.arg1 === id);
    const data = Buffer.concat(this.messages.filter((m) => m.command === A_WRTE && m.arg1 === id).map((m) => m.data));
    if (end && end.arg0 !== 0) this.send(A_CLSE, id, end.arg0);
    return { accepted, data };
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
