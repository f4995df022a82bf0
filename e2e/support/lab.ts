import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../../core/contract/envelope.js';
import { startHub, type Hub } from '../../server/main.js';
import { cliArgv } from '../../test/support/cli.js';

/** The repository root (e2e/support/ is two levels down). */
export const ROOT = join(import.meta.dirname, '..', '..');

export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real hub in this process (port 0 the first time; a restart reuses the port so workers find it again). */
export async function startTestHub(dataDir: string, port = 0, localWorker = true): Promise<Hub> {
  return startHub({ dataDir, port, host: '127.0.0.1', localWorker, offlineAfterMs: 5000 });
}

export interface Answer<T = unknown> {
  status: number;
  envelope: Envelope<T>;
}

/** One REST call to /api/v1, answered with the HTTP status and the envelope. */
export async function call<T = unknown>(hub: string, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const h: Record<string, string> = { accept: 'application/json', ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const response = await fetch(`${hub}/api/v1${path}`, { method, headers: h, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}

export function data<T>(answer: Answer<T>): T {
  if (!answer.envelope.ok) throw new Error(`expected ok, got ${answer.status} ${JSON.stringify(answer.envelope.error)}`);
  return answer.envelope.data;
}

export async function createToken(hub: string, adminToken: string, name: string, role: 'admin' | 'member' | 'agent' | 'viewer' | 'worker'): Promise<string> {
  return data(await call<{ token: string }>(hub, 'POST', '/tokens', adminToken, { name, role })).token;
}

/** Polls until `check` answers something truthy. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every live process below `pid` (children, grandchildren, ...). */
export function descendants(pid: number): number[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of ps.stdout.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!child || parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const c of children.get(queue.shift() as number) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A real worker process (workers/main.ts) with real web devices, in its own process group so a
 * test can kill it and everything it started.
 */
export class WorkerProcess {
  private output = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(options: { hub: string; token: string; workerId: string; env?: Record<string, string> }): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/main.ts')], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SIMLAB_HUB: options.hub, SIMLAB_WORKER_TOKEN: options.token, SIMLAB_WORKER_ID: options.workerId, ...options.env },
    });
    const worker = new WorkerProcess(child);
    await worker.waitForOutput(/registered with/);
    return worker;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  get log(): string {
    return this.output;
  }

  async waitForOutput(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    await waitFor(`worker output ${pattern}`, () => {
      if (this.child.exitCode !== null) throw new Error(`the worker exited (${this.child.exitCode}):\n${this.output}`);
      return pattern.test(this.output);
    }, timeoutMs);
  }

  /** Stops it the way Ctrl-C does and answers its exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }

  /** Kills the whole process group at once (last resort in cleanup). */
  killGroup(): void {
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Runs the simlab CLI (cliArgv) with only the lab settings given (none inherited from the
 * caller's shell) and answers its exit code and output.
 */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited)) if (name.startsWith('SIMLAB_')) delete inherited[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgv(args), { cwd: ROOT, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The `@N` of the first outline line that matches. */
export function refOf(outline: string, line: RegExp): string {
  const found = outline.split('\n').find((l) => line.test(l));
  const ref = found?.trim().match(/^@\d+/)?.[0];
  if (!ref) throw new Error(`no element matching ${line} in:\n${outline}`);
  return ref;
}

/** An in-process hub with one worker process of the given platforms, its device online. */
export interface WorkerLab {
  hub: Hub;
  worker: WorkerProcess;
  /** Stops the worker (its whole process group), the hub, and removes the data folder. */
  close(): Promise<void>;
}

export async function startWorkerLab(o: { workerId: string; deviceId: string; env: Record<string, string>; onlineTimeoutMs?: number }): Promise<WorkerLab> {
  const dataDir = tempDataDir();
  const hub = await startTestHub(dataDir.dir, 0, false);
  let worker: WorkerProcess | undefined;
  const close = async (): Promise<void> => {
    if (worker) {
      await Promise.race([worker.stop(), new Promise((r) => setTimeout(r, 15_000).unref())]);
      worker.killGroup();
    }
    await hub.close();
    dataDir.remove();
  };
  try {
    const token = await createToken(hub.url, hub.adminToken as string, `${o.workerId}-worker`, 'worker');
    worker = await WorkerProcess.start({ hub: hub.url, token, workerId: o.workerId, env: o.env });
    await waitFor(`${o.deviceId} online`, async () => {
      const answer = await call<{ state: string }>(hub.url, 'GET', `/devices/${o.deviceId}`, hub.adminToken as string);
      return answer.envelope.ok && answer.envelope.data.state === 'online';
    }, o.onlineTimeoutMs);
    return { hub, worker, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Signs in at a dashboard hub as its own page would and answers the session cookie (`simlab_session=...`). */
export async function signInCookie(hub: string, token: string): Promise<string> {
  const res = await fetch(`${hub}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin: hub }, body: JSON.stringify({ token }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}
