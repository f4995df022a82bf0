#!/usr/bin/env node
// What `npm test` runs before the tests: the type checks, the lint and the build, on two lanes
// at once (one after the other they took twice as long on a 2-core machine, each step using
// about one core): `npm run typecheck` beside `npm run lint` then `npm run build`. A lane stops
// at its first failing step; each step's output is printed when it ends, with its time.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const LANES = [['typecheck'], ['lint', 'build']];

function step(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`# npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

async function lane(scripts) {
  for (const script of scripts) if (!(await step(script))) return false;
  return true;
}

const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
