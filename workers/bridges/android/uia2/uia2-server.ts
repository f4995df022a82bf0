// The UiAutomator2 server on one device, from the worker's side: install its two APKs on first
// use (from the appium-uiautomator2-server npm package), start it with `am instrument`, reach it
// through `adb forward`, check its status, open a session, and start it again when it dies.
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_APK_PATH, TEST_APK_PATH } from 'appium-uiautomator2-server';
import { SimlabError } from '../../../../core/contract/index.js';
import type { AdbDevice } from '../adb/adb-device.js';
import { freePort } from '../adb/free-port.js';

const SERVER_PACKAGE = 'io.appium.uiautomator2.server';
const TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
const INSTRUMENTATION = `${TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;
const DEVICE_PORT = 6790;
const START_MS = 30_000;
const REQUEST_MS = 15_000;


export class Uia2Server {
  private port: number | undefined;
  private sessionId: string | undefined;
  private instrumentation: Duplex | undefined;
  private starting: Promise<void> | undefined;
  /** False once the instrumentation ended: the server process is gone. */
  private alive = false;
  /** How many times the server was started (1 = never restarted). */
  starts = 0;

  constructor(private readonly adb: AdbDevice) {}

  /** Installs the APKs if missing, starts the server and opens a session. */
  async start(): Promise<void> {
    this.starting ??= this.startNow().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /**
   * A request to the session. A server found dead before the request is started again first (nothing
   * was lost); one that dies under it is started again for the next request, and the request is
   * sent again only when that is harmless (a read), else it answers delivery_uncertain.
   */
  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    if (!this.sessionId || !this.alive) await this.restart();
    try {
      return await this.send<T>(method, path, body);
    } catch (err) {
      if (!(err instanceof SimlabError) || err.options.details?.restart !== true) throw err;
      await this.restart();
      if (method === 'GET') return this.send<T>(method, path, body);
      throw err.withDelivery('delivery_uncertain');
    }
  }

  async close(): Promise<void> {
    this.alive = false;
    this.instrumentation?.destroy();
    this.instrumentation = undefined;
    this.sessionId = undefined;
  }

  private async restart(): Promise<void> {
    await this.close();
    await this.start();
  }

  private async startNow(): Promise<void> {
    await this.install();
    this.instrumentation?.destroy();
    const instrumentation = await this.adb.execStream(`am instrument -w -e disableAnalytics true ${INSTRUMENTATION}`);
    this.instrumentation = instrumentation;
    instrumentation.on('close', () => {
      if (this.instrumentation === instrumentation) this.alive = false;
    });
    let said = '';
    this.instrumentation.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-2000)));
    this.instrumentation.on('error', () => undefined);
    this.port ??= await freePort();
    await this.adb.client.getDevice(this.adb.serial).forward(`tcp:${this.port}`, `tcp:${DEVICE_PORT}`);
    const deadline = performance.now() + START_MS;
    for (;;) {
      try {
        const status = await this.fetch<{ value?: { ready?: boolean } }>('GET', '/status');
        if (status.value?.ready) break;
      } catch {
        // Not listening yet: the instrumentation takes a few seconds to come up.
      }
      if (/INSTRUMENTATION_FAILED|INSTRUMENTATION_RESULT/.test(said) || performance.now() > deadline) {
        throw new SimlabError('DEVICE_UNAVAILABLE', `the UiAutomator2 server did not start: ${said.trim().split('\n').slice(-2).join(' ') || 'no answer on its port'}`, {
          hint: 'check `adb shell am instrument -w io.appium.uiautomator2.server.test/androidx.test.runner.AndroidJUnitRunner`',
        });
      }
      await sleep(200);
    }
    const session = await this.fetch<{ sessionId?: string; value?: { sessionId?: string } }>('POST', '/session', { capabilities: { alwaysMatch: { platformName: 'Android' } } });
    this.sessionId = session.sessionId ?? session.value?.sessionId;
    if (!this.sessionId) throw new SimlabError('DEVICE_UNAVAILABLE', 'the UiAutomator2 server opened no session');
    this.alive = true;
    this.starts++;
  }

  private async install(): Promise<void> {
    const listed = (await this.adb.run(`pm list packages ${SERVER_PACKAGE}`)).stdout.toString('utf8');
    const has = (pkg: string) => listed.split('\n').some((l) => l.trim() === `package:${pkg}`);
    const device = this.adb.client.getDevice(this.adb.serial);
    if (!has(SERVER_PACKAGE)) await device.install(SERVER_APK_PATH);
    if (!has(TEST_PACKAGE)) await device.install(TEST_APK_PATH);
  }

  /** Removes the server's packages from the device (the `android.uninstall-helpers` care verb). */
  async uninstall(): Promise<void> {
    await this.close();
    const device = this.adb.client.getDevice(this.adb.serial);
    for (const pkg of [TEST_PACKAGE, SERVER_PACKAGE]) await device.uninstall(pkg).catch(() => undefined);
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return this.fetch<T>(method, `/session/${this.sessionId}${path}`, body);
  }

  private async fetch<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${this.port}/wd/hub${path}`, {
        method,
        signal: AbortSignal.timeout(REQUEST_MS),
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
    } catch (err) {
      throw new SimlabError('DEVICE_UNAVAILABLE', `the UiAutomator2 server did not answer ${method} ${path.replace(/\/session\/[^/]+/, '')}`, {
        delivery: 'delivery_uncertain',
        details: { restart: true, cause: String((err as { cause?: unknown }).cause ?? err) },
      });
    }
    const text = await response.text().catch(() => '');
    let json: { value?: { error?: string; message?: string } } & Record<string, unknown>;
    try {
      json = JSON.parse(text);
    } catch {
      // adb forward answers an empty reply when nothing listens on the device port.
      throw new SimlabError('DEVICE_UNAVAILABLE', `the UiAutomator2 server is gone (${method} ${path.replace(/\/session\/[^/]+/, '')} got no answer)`, {
        delivery: 'delivery_uncertain',
        details: { restart: true },
      });
    }
    if (!response.ok) {
      const gone = json.value?.error === 'invalid session id';
      throw new SimlabError(gone ? 'DEVICE_UNAVAILABLE' : 'INTERNAL', `UiAutomator2 server: ${json.value?.message ?? response.status}`, {
        delivery: 'not_delivered',
        details: gone ? { restart: true } : { status: response.status, ...(json.value?.error ? { error: json.value.error } : {}) },
      });
    }
    return json as T;
  }
}
