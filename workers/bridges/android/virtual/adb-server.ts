// Test support: a private adb server on a free port (never the shared 5037) with its own HOME,
// so its RSA key and device list belong to the test. Asynchronous child processes only: a
// device served from this same process would deadlock a synchronous one.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../adb/free-port.js';

export interface AdbResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as bytes (for exec-out, screencap). */
  raw: Buffer;
}

export interface AdbServer {
  port: number;
  /** The server's HOME: its key pair is in `.android/adbkey(.pub)`. */
  home: string;
  adb(args: string[], options?: { timeoutMs?: number }): Promise<AdbResult>;
  /** The server's public key line (adbkey.pub), to pre-trust it on a device. */
  publicKey(): Promise<string>;
  kill(): Promise<void>;
}


/** Runs the adb client against the server on `port`; `home` matters only to a server it starts. */
export function runAdb(port: number, args: string[], options: { home?: string; timeoutMs?: number } = {}): Promise<AdbResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ANDROID_ADB_SERVER_PORT: String(port) };
  if (options.home) env.HOME = options.home;
  for (const k of ['ANDROID_SDK_HOME', 'ANDROID_USER_HOME', 'ADB_VENDOR_KEYS', 'ANDROID_SERIAL']) delete env[k];
  return new Promise((resolve) => {
    execFile('adb', ['-P', String(port), ...args], { env, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8'), raw: stdout });
    });
  });
}

export async function startAdbServer(): Promise<AdbServer> {
  const home = await mkdtemp(join(tmpdir(), 'simlab-adb-'));
  const port = await freePort();
  const started = await runAdb(port, ['start-server'], { home });
  if (started.code !== 0) throw new Error(`adb start-server failed: ${started.stderr}`);
  return {
    port,
    home,
    adb: (args, options) => runAdb(port, args, { home, timeoutMs: options?.timeoutMs }),
    publicKey: () => readFile(join(home, '.android', 'adbkey.pub'), 'utf8'),
    kill: async () => {
      await runAdb(port, ['kill-server'], { home, timeoutMs: 15_000 });
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** The state `adb devices` shows for a serial (`device`, `unauthorized`, `offline`), or null. */
export async function deviceState(server: Pick<AdbServer, 'adb'>, serial: string): Promise<string | null> {
  const out = await server.adb(['devices']);
  for (const line of out.stdout.split('\n')) {
    const [s, state] = line.trim().split(/\s+/);
    if (s === serial) return state ?? null;
  }
  return null;
}

/**
 * `adb connect SERIAL` on the server at `adbServerPort`, then waits until the device leaves the
 * connecting states; resolves to its state (`device` when online, `unauthorized`, ...).
 */
export async function adbConnect(serial: string, adbServerPort: number, timeoutMs = 15_000): Promise<string> {
  const run = (args: string[]) => runAdb(adbServerPort, args);
  const out = await run(['connect', serial]);
  // An unauthorized device makes adb say "failed to authenticate" but keeps it listed.
  if (!/connected to|failed to authenticate/.test(out.stdout)) throw new Error(`adb connect ${serial}: ${out.stdout}${out.stderr}`);
  const deadline = Date.now() + timeoutMs;
  let state: string | null = null;
  while (Date.now() < deadline) {
    state = await deviceState({ adb: (args) => run(args) }, serial);
    if (state && state !== 'connecting' && state !== 'authorizing' && state !== 'offline') return state;
    await sleep(50);
  }
  return state ?? 'absent';
}
