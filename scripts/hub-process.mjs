// The hub as the launcher's child: starts it from dist/ (with the dashboard when it is built,
// unless SIMLAB_DASHBOARD=0) and a token for the local worker, and hands the URL and tokens to
// the launcher over the IPC channel (never on stdout).
import process from 'node:process';
import { dashboardBuilt } from '../dist/server/dashboard/mount.js';
import { startHubWithDashboard } from '../dist/server/dashboard/start.js';
import { startHub } from '../dist/server/main.js';

const port = process.env.PORT === undefined || process.env.PORT === '' ? 4700 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number from 0 to 65535, not "${process.env.PORT}"\n`);
  process.exit(2);
}

const withDashboard = process.env.SIMLAB_DASHBOARD !== '0' && dashboardBuilt();
let hub;
try {
  hub = await (withDashboard ? startHubWithDashboard : startHub)({
    port,
    host: process.env.HOST || '127.0.0.1',
    dataDir: process.env.SIMLAB_DATA,
    localWorker: process.env.SIMLAB_LOCAL_WORKER !== '0',
    logger: process.env.SIMLAB_LOG === '1',
  });
} catch (err) {
  process.stderr.write(`the hub did not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

let closing;
const stop = () => {
  closing ??= hub.close().finally(() => process.exit(0));
  return closing;
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The launcher is gone (even if it was killed): do not outlive it.
process.on('disconnect', stop);
process.on('message', (message) => {
  if (message?.type === 'stop') void stop();
});
if (process.send) {
  process.send({ type: 'ready', url: hub.url, port: hub.port, adminToken: hub.adminToken, workerToken: hub.workerToken, dashboard: withDashboard });
} else {
  // Run on its own (the docker hub image): the URL and the first start's admin token go to stdout.
  process.stdout.write(`simlab hub on ${hub.url}\n`);
  if (hub.adminToken) process.stdout.write(`admin token (shown once, store it now): ${hub.adminToken}\n`);
}
