import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SimlabError } from '../../../../core/contract/index.js';
import {
  HelperReply,
  IOS_HELPER_PROTOCOL_VERSION,
  type HelperRequest,
  type TouchEvent,
} from '../../../../core/wire/ios-helper-protocol.js';

type Reply = HelperReply;
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
type RequestBody = HelperRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface HelperHello {
  helper: string;
  screen: { w: number; h: number; scale: number };
  multiTouch: boolean;
}

const HELLO_MS = 10_000;
const FRAME_MS = 5_000;

/**
 * The worker's end of native/ios: one helper process per simulator, JSON lines both ways
 * (core/wire/ios-helper-protocol.ts). Replies are matched by id; a helper that dies or
 * stops answering fails every pending request with DEVICE_UNAVAILABLE, never a hang.
 */
export class HelperClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited: string | undefined;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.on('exit', (code, signal) => this.fail(`the iOS helper exited (${signal ?? `code ${code}`})`));
    child.on('error', (e) => this.fail(`the iOS helper could not run: ${e.message}`));
  }

  /** Starts the helper for one simulator and checks that it speaks our protocol version. */
  static async start(binary: string, udid: string, env: NodeJS.ProcessEnv = process.env): Promise<{ client: HelperClient; hello: HelperHello }> {
    const client = new HelperClient(spawn(binary, ['--udid', udid], { stdio: ['pipe', 'pipe', 'pipe'], env }));
    try {
      const reply = await client.request({ op: 'hello', version: IOS_HELPER_PROTOCOL_VERSION }, HELLO_MS);
      if (!('op' in reply) || reply.op !== 'hello') throw new SimlabError('UNSUPPORTED', 'the iOS helper answered hello with something else');
      if (reply.version !== IOS_HELPER_PROTOCOL_VERSION) {
        throw new SimlabError('UNSUPPORTED', `the iOS helper speaks protocol ${reply.version}, the worker ${IOS_HELPER_PROTOCOL_VERSION}`, {
          hint: 'rebuild it: `swift build -c release --package-path native/ios`',
        });
      }
      return { client, hello: { helper: reply.helper, screen: reply.screen, multiTouch: reply.multiTouch } };
    } catch (err) {
      client.close();
      throw err;
    }
  }

  /** Plays touch events on the helper's clock; resolves when the last one was sent. */
  async touch(events: TouchEvent[]): Promise<void> {
    const last = events[events.length - 1]?.t ?? 0;
    await this.request({ op: 'touch', events }, last + HELLO_MS);
  }

  async release(): Promise<void> {
    await this.request({ op: 'release' }, HELLO_MS);
  }

  async frame(quality: number): Promise<{ jpeg: Buffer; width: number; height: number; timestamp: number }> {
    const reply = await this.request({ op: 'frame', quality }, FRAME_MS);
    if (!('op' in reply) || reply.op !== 'frame') throw new SimlabError('INTERNAL', 'the iOS helper answered a frame request with something else');
    return { jpeg: Buffer.from(reply.jpeg, 'base64'), width: reply.width, height: reply.height, timestamp: reply.timestamp };
  }

  close(): void {
    this.fail('the iOS helper was closed');
    this.child.kill('SIGTERM');
  }

  private request(body: RequestBody, timeoutMs: number): Promise<Reply> {
    if (this.exited) return Promise.reject(new SimlabError('DEVICE_UNAVAILABLE', this.exited, { delivery: 'not_delivered' }));
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new SimlabError('DEVICE_UNAVAILABLE', `the iOS helper did not answer ${body.op} within ${timeoutMs} ms`, { delivery: 'delivery_uncertain' }));
      }, timeoutMs);
      this.pending.set(id, {
        timer,
        reject,
        resolve: (reply) => {
          if (reply.ok) resolve(reply);
          else {
            const code = reply.error.code === 'bad_request' || reply.error.code === 'version' ? 'INTERNAL' : 'DEVICE_UNAVAILABLE';
            reject(new SimlabError(code, `iOS helper: ${reply.error.message}`, { details: { helperCode: reply.error.code } }));
          }
        },
      });
      this.child.stdin.write(`${JSON.stringify({ id, ...body })}\n`);
    });
  }

  private onLine(line: string): void {
    let parsed;
    try {
      parsed = HelperReply.safeParse(JSON.parse(line));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const waiting = this.pending.get(parsed.data.id);
    if (!waiting) return;
    this.pending.delete(parsed.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(parsed.data);
  }

  private fail(reason: string): void {
    this.exited ??= reason;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new SimlabError('DEVICE_UNAVAILABLE', reason, { delivery: 'delivery_uncertain' }));
      this.pending.delete(id);
    }
  }
}
