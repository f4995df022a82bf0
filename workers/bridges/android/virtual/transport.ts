// The device side of one ADB transport connection: CNXN, optional AUTH, then streams.
import type { Socket } from 'node:net';
import type { KeyObject } from 'node:crypto';
import {
  A_AUTH, A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_VERSION, A_VERSION_SKIP_CHECKSUM, A_WRTE,
  AUTH_RSAPUBLICKEY, AUTH_SIGNATURE, AUTH_TOKEN, MessageDecoder, encodeMessage,
} from './adb-message.js';
import type { AdbMessage } from './adb-message.js';
import { newToken, parseAdbPublicKey, verifyTokenSignature } from './auth.js';
import { AdbStream } from './stream.js';

export type ConnectionState = 'connecting' | 'unauthorized' | 'online' | 'closed';

export interface AuthPolicy {
  enabled: boolean;
  /** Keys the device trusts (shared by every connection of the device). */
  keys: KeyObject[];
  acceptNewKeys: boolean;
}

export interface TransportOptions {
  banner: string;
  maxPayload: number;
  auth: AuthPolicy;
  /** The runner of a service, or null when the device does not know it (the host gets CLSE). */
  resolveService(service: string): ((stream: AdbStream) => void) | null;
  onLog?(event: string): void;
}

export class AdbConnection {
  state: ConnectionState = 'connecting';
  private readonly decoder: MessageDecoder;
  private readonly streams = new Map<number, AdbStream>();
  private nextLocalId = 1;
  private peerMaxPayload = 4096;
  private token: Buffer | null = null;
  /** The host's public key while it waits for the user to allow it. */
  pendingKey: KeyObject | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly options: TransportOptions,
  ) {
    this.decoder = new MessageDecoder(options.maxPayload);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.shutdown());
    socket.on('close', () => this.shutdown());
  }

  /** Drops the connection as a vanished device would (no CLSE, no goodbye). */
  close(): void {
    this.socket.destroy();
    this.shutdown();
  }

  /** The user taps "Allow" on the pending key: trust it and come online. */
  allowPendingKey(): boolean {
    if (!this.pendingKey || this.state !== 'unauthorized') return false;
    this.options.auth.keys.push(this.pendingKey);
    this.pendingKey = null;
    this.goOnline();
    return true;
  }

  private receive(chunk: Buffer): void {
    let messages: AdbMessage[];
    try {
      messages = this.decoder.push(chunk);
    } catch (err) {
      this.options.onLog?.(`closing connection: ${(err as Error).message}`);
      this.close();
      return;
    }
    for (const m of messages) {
      if (this.state === 'closed') return;
      try {
        this.handle(m);
      } catch (err) {
        this.options.onLog?.(`closing connection: ${(err as Error).message}`);
        this.close();
        return;
      }
    }
  }

  private handle(m: AdbMessage): void {
    switch (m.command) {
      case A_CNXN:
        this.peerMaxPayload = Math.max(256, m.arg1);
        this.decoder.verifyChecksum = m.arg0 < A_VERSION_SKIP_CHECKSUM;
        if (this.options.auth.enabled && this.state !== 'online') this.sendToken();
        else this.goOnline();
        return;
      case A_AUTH:
        return this.handleAuth(m);
      case A_OPEN:
        return this.handleOpen(m);
      case A_OKAY:
        this.streams.get(m.arg1)?.acknowledge();
        return;
      case A_WRTE: {
        const stream = this.streams.get(m.arg1);
        if (!stream || stream.remoteId !== m.arg0) return;
        this.send(A_OKAY, stream.localId, stream.remoteId);
        stream.reader.push(m.data);
        return;
      }
      case A_CLSE: {
        const stream = this.streams.get(m.arg1);
        if (stream && stream.remoteId === m.arg0) {
          this.streams.delete(stream.localId);
          stream.terminate();
        }
        return;
      }
      default:
        return;
    }
  }

  private sendToken(): void {
    this.state = 'unauthorized';
    this.token = newToken();
    this.send(A_AUTH, AUTH_TOKEN, 0, this.token);
  }

  private handleAuth(m: AdbMessage): void {
    if (!this.options.auth.enabled || this.state === 'online') return;
    if (m.arg0 === AUTH_SIGNATURE && this.token) {
      const token = this.token;
      if (this.options.auth.keys.some((k) => verifyTokenSignature(k, token, m.data))) return this.goOnline();
      this.sendToken();
      return;
    }
    if (m.arg0 === AUTH_RSAPUBLICKEY) {
      let key: KeyObject;
      try {
        key = parseAdbPublicKey(m.data.toString('latin1'));
      } catch {
        this.options.onLog?.('ignoring a malformed public key');
        return;
      }
      this.pendingKey = key;
      if (this.options.auth.acceptNewKeys) this.allowPendingKey();
    }
  }

  private goOnline(): void {
    this.state = 'online';
    this.token = null;
    const max = Math.min(this.options.maxPayload, this.peerMaxPayload);
    this.send(A_CNXN, A_VERSION, max, Buffer.from(this.options.banner, 'utf8'));
  }

  private handleOpen(m: AdbMessage): void {
    const remoteId = m.arg0;
    if (this.state !== 'online' || remoteId === 0) {
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    const service = m.data.toString('utf8').replace(/\0+$/, '');
    const run = this.options.resolveService(service);
    if (!run) {
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    const localId = this.nextLocalId++;
    const stream = new AdbStream(localId, remoteId, {
      maxPayload: () => Math.min(this.options.maxPayload, this.peerMaxPayload),
      sendWrite: (l, r, data) => this.send(A_WRTE, l, r, data),
      sendClose: (l, r) => {
        this.streams.delete(l);
        this.send(A_CLSE, l, r);
      },
    });
    this.streams.set(localId, stream);
    this.send(A_OKAY, localId, remoteId);
    try {
      run(stream);
    } catch (err) {
      this.options.onLog?.(`service ${service} failed: ${(err as Error).message}`);
      stream.close();
    }
  }

  private send(command: number, arg0: number, arg1: number, data?: Buffer): void {
    if (this.state === 'closed' || this.socket.destroyed) return;
    this.socket.write(encodeMessage(command, arg0, arg1, data));
  }

  private shutdown(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const s of this.streams.values()) s.terminate();
    this.streams.clear();
  }
}
