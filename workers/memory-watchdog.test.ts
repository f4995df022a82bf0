import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MEMORY_EXIT_CODE, maxRssMbFromEnv } from './memory-watchdog.js';

const watchdog = fileURLToPath(new URL('./memory-watchdog.ts', import.meta.url));

/** Runs a Node process that starts the watchdog at `limitMb` above its current size, then runs `body`. */
function runChild(body: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const script = `
    import { watchMemory, MEMORY_EXIT_CODE } from ${JSON.stringify(watchdog)};
    const maxRssMb = Math.ceil(process.memoryUsage.rss() / 1048576) + 60;
    watchMemory({ maxRssMb, intervalMs: 50, onExceeded: (mb) => { process.stderr.write('over ' + mb + '\\n'); process.exit(MEMORY_EXIT_CODE); } });
    const hold = [];
    ${body}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describe('memory watchdog (issue 18, item 2: the worker never exits, so nothing restarts it)', () => {
  it(`a worker that grows past its limit exits with ${MEMORY_EXIT_CODE}`, async () => {
    const { code, stderr } = await runChild(`setInterval(() => hold.push(Buffer.alloc(8 * 1048576, 1)), 20);`);
    assert.equal(code, MEMORY_EXIT_CODE, stderr);
    assert.match(stderr, /over \d+/);
  });

  it('a worker stuck in a runaway loop is killed by the watchdog thread', async () => {
    const { code, signal } = await runChild(`setTimeout(() => { for (;;) hold.push(Buffer.alloc(1048576, 1)); }, 100);`);
    assert.ok(signal === 'SIGKILL' || code === MEMORY_EXIT_CODE, `ended by ${signal ?? code}`);
  });

  it('reads SIMLAB_WORKER_MAX_RSS_MB (0 = off) and refuses nonsense', () => {
    assert.equal(maxRssMbFromEnv({}), 1536);
    assert.equal(maxRssMbFromEnv({ SIMLAB_WORKER_MAX_RSS_MB: '0' }), 0);
    assert.equal(maxRssMbFromEnv({ SIMLAB_WORKER_MAX_RSS_MB: '512' }), 512);
    assert.throws(() => maxRssMbFromEnv({ SIMLAB_WORKER_MAX_RSS_MB: '-1' }), /SIMLAB_WORKER_MAX_RSS_MB/);
    assert.throws(() => maxRssMbFromEnv({ SIMLAB_WORKER_MAX_RSS_MB: 'lots' }), /SIMLAB_WORKER_MAX_RSS_MB/);
  });
});
