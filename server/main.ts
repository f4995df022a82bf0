import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHub } from './hub.js';

export { startHub } from './hub.js';
export type { Hub, HubOptions, RequestHandler } from './hub.js';
export { ensureAdminToken } from './auth/bootstrap.js';

/** The hub alone from the environment: PORT (default 4700), HOST, SIMLAB_DATA (default ~/.simlab). */
async function main(): Promise<void> {
  const port = process.env.PORT ? Number(process.env.PORT) : 4700;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${process.env.PORT}`);
  const dataDir = process.env.SIMLAB_DATA ?? join(homedir(), '.simlab');
  const hub = await startHub({ port, dataDir, host: process.env.HOST ?? '127.0.0.1', logger: true, localWorker: false });
  process.stdout.write(`simlab hub on ${hub.url} (data in ${dataDir})\n`);
  if (hub.adminToken) process.stdout.write(`admin token (shown once, store it now): ${hub.adminToken}\n`);
  const stop = () => void hub.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
