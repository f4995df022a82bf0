import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A private redis-server (Debian's) on a free port, stopped when the test ends: pub/sub channels
 * are global to a server, so hubs of parallel test runs must not share one. Returns its URL.
 */
export async function tempRedis(t: { after: (fn: () => void | Promise<void>) => void }): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 100 && child.exitCode === null; i++) {
      const client = createClient({ url, socket: { reconnectStrategy: false } });
      client.on('error', () => undefined);
      const up = await client.connect().then(
        () => client.ping().then(() => true),
        () => false,
      );
      if (client.isOpen) await client.quit();
      if (up) {
        t.after(async () => {
          child.kill('SIGKILL');
          await exited;
        });
        return url;
      }
      await sleep(50);
    }
    child.kill('SIGKILL');
    await exited;
    // The port was taken between finding it and redis binding it: try another.
    if (attempt >= 3) throw new Error('could not start redis-server');
  }
}
