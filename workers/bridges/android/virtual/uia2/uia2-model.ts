// A model of the UiAutomator2 server's HTTP endpoints that the android bridge uses, running in
// the virtual device: status, session, page source, W3C pointer actions, keys into the focused
// field and key codes. Its answers have the
// shapes the real server answers (uia2-responses.json, recorded from Appium logs); the page
// source is the device's live tree, and pointer actions become the device's touches.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timelineOfW3c } from '../../../../../core/gestures/w3c-actions.js';
import type { Gesture } from '../device/touchscreen.js';
import type { ScreenGraph } from '../screen-graph.js';
import { serializePageSource, type UiNode } from '../ui-tree.js';

const RESPONSES = JSON.parse(readFileSync(new URL('./uia2-responses.json', import.meta.url), 'utf8')) as {
  status: { sessionId: string; value: Record<string, unknown> };
  invalidSession: { value: Record<string, unknown> };
  noSuchElement: { value: Record<string, unknown> };
};

/** What the model uses of the device it runs in (the device owns the model, so it takes no more). */
export interface Uia2Host {
  readonly graph: ScreenGraph;
  now(): number;
  receiveGesture(g: Gesture): void;
  pressKey(code: number): void;
  setFieldText(field: UiNode, text: string): void;
}

/** The port the real server listens on, on the device. */
export const UIA2_DEVICE_PORT = 6790;

export class Uia2Model {
  private server: Server | undefined;
  private readonly sessions = new Set<string>();
  /** Every request the model answered (method and path), for tests. */
  readonly requests: string[] = [];

  constructor(private readonly device: Uia2Host) {}

  get running(): boolean {
    return this.server !== undefined;
  }

  /** Starts listening on a loopback port of the host; the device maps its port 6790 there. */
  async start(): Promise<number> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** The server process dies: its port stops answering, its sessions are gone. */
  stop(): void {
    this.server?.close();
    this.server?.closeAllConnections();
    this.server = undefined;
    this.sessions.clear();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').replace(/^\/wd\/hub/, '');
    this.requests.push(`${req.method} ${path}`);
    const body = await readBody(req);
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'GET' && path === '/status') return answer(200, RESPONSES.status);
    if (req.method === 'POST' && path === '/session') {
      const id = randomUUID();
      this.sessions.add(id);
      return answer(200, { sessionId: id, value: { sessionId: id, capabilities: { platformName: 'Android', automationName: 'UiAutomator2' } } });
    }
    const m = /^\/session\/([^/]+)(\/.*)?$/.exec(path);
    if (!m || !m[1]) return answer(404, { sessionId: 'None', value: { error: 'unknown command', message: `The requested resource could not be found: ${path}`, stacktrace: '' } });
    const id = m[1];
    if (!this.sessions.has(id)) return answer(404, { sessionId: id, ...RESPONSES.invalidSession });
    const rest = m[2] ?? '';
    if (req.method === 'GET' && rest === '/source') return answer(200, { sessionId: id, value: serializePageSource(this.device.graph.tree) });
    if (req.method === 'POST' && rest === '/actions') {
      const sources = ((JSON.parse(body || '{}') as { actions?: unknown }).actions ?? []) as Array<{ id: string; actions: Array<Record<string, unknown>> }>;
      const timeline = timelineOfW3c(sources);
      const startedAt = this.device.now();
      const length = Math.max(0, ...timeline.fingers.flatMap((f) => f.points.map((p) => p.t)));
      // The server answers once the gesture has been played on the device's clock.
      await new Promise((r) => setTimeout(r, length));
      this.device.receiveGesture({ source: 'uia2', startedAt, fingers: timeline.fingers });
      return answer(200, { sessionId: id, value: null });
    }
    if (req.method === 'POST' && rest === '/keys') {
      // SendKeysToElement without an element: the focused field's text becomes its text plus ours.
      const { text, replace } = JSON.parse(body || '{}') as { text?: unknown; replace?: unknown };
      if (typeof text !== 'string') return answer(400, { sessionId: id, value: { error: 'invalid argument', message: "'text' is mandatory", stacktrace: '' } });
      const field = this.device.graph.focusedEditText();
      if (!field) return answer(404, { sessionId: id, ...RESPONSES.noSuchElement });
      const enter = text.endsWith('\\n');
      const typed = enter ? text.slice(0, -2) : text;
      this.device.setFieldText(field, replace === true ? typed : field.text + typed);
      if (enter) this.device.pressKey(66);
      return answer(200, { sessionId: id, value: null });
    }
    if (req.method === 'POST' && rest === '/appium/device/press_keycode') {
      const { keycode } = JSON.parse(body || '{}') as { keycode?: unknown };
      if (typeof keycode !== 'number' || !Number.isInteger(keycode)) return answer(400, { sessionId: id, value: { error: 'invalid argument', message: "'keycode' is mandatory", stacktrace: '' } });
      this.device.pressKey(keycode);
      return answer(200, { sessionId: id, value: null });
    }
    if (req.method === 'DELETE' && rest === '') {
      this.sessions.delete(id);
      return answer(200, { sessionId: id, value: null });
    }
    return answer(404, { sessionId: id, value: { error: 'unknown command', message: `The requested resource could not be found: ${path}`, stacktrace: '' } });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
