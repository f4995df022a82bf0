import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

/** What the bus uses of a node-redis client. */
export interface RedisClient {
  readonly isReady: boolean;
  publish(channel: string, message: string): Promise<unknown>;
  ping(): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): void;
}

/** How long a client may take to close cleanly; a Redis that is gone would keep it forever. */
const CLOSE_LIMIT_MS = 1000;

/** Closes a client, dropping it at once if Redis does not let it go in time. */
export async function closeClient(client: RedisClient): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_LIMIT_MS)));
  const done = await Promise.race([client.close().then(() => 'closed' as const, () => 'late' as const), late]);
  clearTimeout(timer);
  if (done === 'late') client.destroy();
}

const PREFIX = 'simlab:hubs';

/** JSON that carries bytes (frames, thumbnails) as base64 and brings them back as Buffers. */
function encode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, val: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? { $b64: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') } : val;
  });
}

function decode(text: string): unknown {
  return JSON.parse(text, (_key, val: unknown) =>
    val && typeof val === 'object' && typeof (val as { $b64?: unknown }).$b64 === 'string' && Object.keys(val).length === 1
      ? Buffer.from((val as { $b64: string }).$b64, 'base64')
      : val,
  );
}

type Message =
  | { kind: 'broadcast'; from: string; type: string; payload: unknown }
  | { kind: 'request'; from: string; id: string; type: string; payload: unknown }
  | { kind: 'reply'; from: string; id: string; ok: boolean; payload: unknown }
  | { kind: 'send'; from: string; type: string; payload: unknown };

interface Pending {
  to: string;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Hub-to-hub messages over Redis pub/sub: broadcasts to every hub, one-way sends and requests
 * with a reply to one hub (by its id). Each hub listens on the shared channel and on its own.
 */
export class HubBus {
  private readonly pending = new Map<string, Pending>();
  private readonly requestHandlers = new Map<string, (payload: unknown, from: string) => Promise<unknown>>();
  private readonly handlers = new Map<string, (payload: unknown, from: string) => void>();

  private constructor(
    readonly hubId: string,
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
  ) {}

  static async connect(url: string, hubId: string): Promise<HubBus> {
    const pub = createClient({ url });
    // A Redis restart shows as errors while the client reconnects by itself; readiness reports it.
    pub.on('error', () => undefined);
    const sub = pub.duplicate();
    sub.on('error', () => undefined);
    await Promise.all([pub.connect(), sub.connect()]);
    const bus = new HubBus(hubId, pub as RedisClient, sub as RedisClient);
    const listener = (text: string) => bus.onMessage(text);
    await sub.subscribe([`${PREFIX}:all`, `${PREFIX}:to:${hubId}`], listener);
    return bus;
  }

  /** To every other hub. */
  broadcast(type: string, payload: unknown): void {
    this.publish(`${PREFIX}:all`, { kind: 'broadcast', from: this.hubId, type, payload });
  }

  /** To one hub, no answer. */
  send(to: string, type: string, payload: unknown): void {
    this.publish(`${PREFIX}:to:${to}`, { kind: 'send', from: this.hubId, type, payload });
  }

  /** To one hub; rejects after timeoutMs, or at once when `abandon(to)` gives that hub up. */
  request(to: string, type: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, () => reject(new Error(`hub ${to} did not answer within ${timeoutMs} ms`))), timeoutMs);
      this.pending.set(id, { to, resolve, reject, timer });
      this.publish(`${PREFIX}:to:${to}`, { kind: 'request', from: this.hubId, id, type, payload });
    });
  }

  /** Fails every request waiting on a hub that is gone. */
  abandon(to: string, why: string): void {
    for (const [id, p] of [...this.pending]) if (p.to === to) this.settle(id, () => p.reject(new Error(why)));
  }

  onRequest(type: string, handler: (payload: unknown, from: string) => Promise<unknown>): void {
    this.requestHandlers.set(type, handler);
  }

  /** Broadcasts and sends of this type. */
  on(type: string, handler: (payload: unknown, from: string) => void): void {
    this.handlers.set(type, handler);
  }

  async ping(): Promise<void> {
    await this.pub.ping();
  }

  async close(): Promise<void> {
    for (const [id, p] of [...this.pending]) this.settle(id, () => p.reject(new Error('the hub is shutting down')));
    await Promise.all([closeClient(this.sub), closeClient(this.pub)]);
  }

  private settle(id: string, how: () => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    how();
  }

  private publish(channel: string, message: Message): void {
    if (this.pub.isReady) void this.pub.publish(channel, encode(message)).catch(() => undefined);
  }

  private onMessage(text: string): void {
    let message: Message;
    try {
      message = decode(text) as Message;
    } catch {
      return;
    }
    if (message.from === this.hubId) return;
    if (message.kind === 'broadcast' || message.kind === 'send') {
      this.handlers.get(message.type)?.(message.payload, message.from);
    } else if (message.kind === 'reply') {
      const p = this.pending.get(message.id);
      if (p) this.settle(message.id, () => (message.ok ? p.resolve(message.payload) : p.reject(new Error(String(message.payload)))));
    } else if (message.kind === 'request') {
      const handler = this.requestHandlers.get(message.type);
      const reply = (ok: boolean, payload: unknown) =>
        this.publish(`${PREFIX}:to:${message.from}`, { kind: 'reply', from: this.hubId, id: message.id, ok, payload });
      if (!handler) return reply(false, `no handler for ${message.type}`);
      handler(message.payload, message.from).then(
        (payload) => reply(true, payload),
        (err: unknown) => reply(false, err instanceof Error ? err.message : String(err)),
      );
    }
  }
}
