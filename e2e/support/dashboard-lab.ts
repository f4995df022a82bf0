import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { dashboardBuilt, findAppDir } from '../../server/dashboard/mount.js';
import { startHubWithDashboard } from '../../server/dashboard/start.js';
import type { Hub } from '../../server/main.js';
import { ROOT, call, createToken, data, tempDataDir, waitFor, WorkerProcess } from './lab.js';

/** Builds the Next.js dashboard once if this checkout has no build yet (a clean clone). */
export function ensureDashboardBuilt(): void {
  if (dashboardBuilt()) return;
  const built = spawnSync(process.execPath, [`${ROOT}/node_modules/next/dist/bin/next`, 'build', findAppDir()], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`next build failed (exit ${built.status})`);
}

export interface DashboardLab {
  hub: Hub;
  url: string;
  admin: string;
  worker: WorkerProcess;
  deviceId: string;
  close(): Promise<void>;
}

/**
 * A real lab for browser tests: the hub with its dashboard on port 0, a worker process with one
 * headless web device (the demo app), and the device online.
 */
export async function startDashboardLab(workerId: string, env: Record<string, string> = {}): Promise<DashboardLab> {
  ensureDashboardBuilt();
  const dir = tempDataDir();
  const hub = await startHubWithDashboard({ dataDir: dir.dir, port: 0, host: '127.0.0.1', offlineAfterMs: 5000 });
  const admin = hub.adminToken as string;
  const workerToken = await createToken(hub.url, admin, `${workerId}-worker`, 'worker');
  const worker = await WorkerProcess.start({ hub: hub.url, token: workerToken, workerId, env });
  const deviceId = `${workerId}-web-1`;
  await waitFor('the web device online', async () => data(await call<{ state: string }>(hub.url, 'GET', `/devices/${deviceId}`, admin)).state === 'online');
  return {
    hub,
    url: hub.url,
    admin,
    worker,
    deviceId,
    close: async () => {
      // unref: a worker that stopped in time must not leave this file's process waiting out the 15 s.
      await Promise.race([worker.stop(), new Promise((r) => setTimeout(r, 15_000).unref())]);
      worker.killGroup();
      await hub.close();
      dir.remove();
    },
  };
}

/** The system Chromium, headless, with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Opens `path` in a new page of `context`, signs in with `token` on the sign-in page it is sent to, and returns the page once it is back. */
export async function signInPage(context: BrowserContext, hubUrl: string, token: string, path = '/'): Promise<Page> {
  const p = await context.newPage();
  await p.goto(`${hubUrl}${path}`);
  await p.waitForURL(/\/signin\?/);
  await p.fill('input[name=token]', token);
  await p.click('button[type=submit]');
  await p.waitForURL((u) => !u.pathname.startsWith('/signin'));
  return p;
}
