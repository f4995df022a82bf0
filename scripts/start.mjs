#!/usr/bin/env node
// `npm start`: the whole lab from one command. On a fresh clone it installs and builds what is
// missing, then runs the hub and a local worker (one web virtual phone with the demo app) as
// child processes, prints the URL (and, on the very first start, the admin token, once), and
// writes the CLI's credentials file. Ctrl-C stops everything, browsers included.
//
// Environment: PORT (default 4700, 0 = any free port), HOST, SIMLAB_DATA (default ~/.simlab),
// SIMLAB_LOCAL_WORKER=0 (hub only), SIMLAB_DASHBOARD=0 (API only), SIMLAB_WEB_DEVICES / SIMLAB_WEB_PROFILES / SIMLAB_WEB_URLS
// (the local worker's devices), SIMLAB_WEB_ALLOW (origins its web devices may open), SIMLAB_WORKER_MAX_RSS_MB
// (the worker's memory ceiling; it is restarted past it), SIMLAB_LOG=1 (hub request logs).
import process from 'node:process';
import { setTimeout, clearTimeout } from 'node:timers';
import { fork, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepare, root, say } from './prepare.mjs';

/** How long each child gets to close cleanly before it is killed. */
const STOP_LIMIT_MS = 12_000;

/** The CLI's own credentials module (built), so launcher and CLI agree on the file. */
async function importCredentials() {
  return import(pathToFileURL(join(root, 'dist/cli/api/credentials.js')).href);
}

/** Resolves when the child has exited (at once if it already has). */
function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
}

async function stopChild(child, name) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    say(`${name} did not stop within ${STOP_LIMIT_MS / 1000} s; killing it`);
    // Its own process group: the browsers it started go with it.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, STOP_LIMIT_MS);
  await exited(child);
  clearTimeout(timer);
}

async function main() {
  prepare();

  const dataDir = process.env.SIMLAB_DATA || join(homedir(), '.simlab');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const withWorker = process.env.SIMLAB_LOCAL_WORKER !== '0';
  const childEnv = { ...process.env, SIMLAB_DATA: dataDir };

  let hub;
  let worker;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping');
    await stopChild(worker, 'the worker');
    await stopChild(hub, 'the hub');
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

  // Children get their own process groups: a terminal's Ctrl-C reaches only this launcher, which
  // then stops the worker (and its browsers) before the hub.
  hub = fork(join(root, 'scripts/hub-process.mjs'), [], { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise((resolve) => {
    hub.once('message', (message) => resolve(message?.type === 'ready' ? message : undefined));
    hub.once('exit', () => resolve(undefined));
  });
  if (!ready) {
    say('the hub did not start (see above)');
    await shutdown(1);
    return;
  }
  hub.on('exit', (code, signal) => {
    if (stopping) return;
    say(`the hub exited (${signal ?? code}); stopping the lab`);
    void shutdown(1);
  });

  const { credentialsPath, readCredentials, writeCredentials } = await importCredentials();
  const credentials = credentialsPath(process.env);
  const previous = readCredentials(credentials);
  say(`hub on ${ready.url} (data in ${dataDir})`);
  say(ready.dashboard ? `dashboard: ${ready.url}/ (sign in with a token)` : 'no dashboard (not built, or SIMLAB_DASHBOARD=0): the API and the CLI work without it');
  if (ready.adminToken) {
    writeCredentials({ hub: ready.url, token: ready.adminToken }, credentials);
    say(`admin token (shown once; only its hash is stored): ${ready.adminToken}`);
    say(`the simlab CLI on this machine finds it in ${credentials}`);
  } else if (previous.token) {
    writeCredentials({ ...previous, hub: ready.url }, credentials);
    say(`CLI credentials: ${credentials}`);
  } else {
    say(`no CLI credentials in ${credentials}: the admin token was shown on the first start; pass --token or SIMLAB_TOKEN`);
  }

  if (withWorker) {
    const startWorker = () => {
      worker = spawn(process.execPath, [join(root, 'dist/workers/main.js')], {
        cwd: root,
        detached: true,
        stdio: ['pipe', 'inherit', 'inherit'],
        env: {
          ...childEnv,
          SIMLAB_HUB: ready.url,
          SIMLAB_WORKER_TOKEN: ready.workerToken,
          SIMLAB_WORKER_ID: process.env.SIMLAB_WORKER_ID || 'local',
          SIMLAB_EXIT_WITH_STDIN: '1',
        },
      });
      const started = Date.now();
      worker.on('exit', (code, signal) => {
        if (stopping) return;
        // A worker that ran for a while, or outgrew its memory (exit 70, workers/memory-watchdog.ts), is
        // restarted; one that fails at once for another reason would only fail again.
        if (code === 70 || Date.now() - started > 10_000) {
          say(`the local worker exited (${signal ?? code}${code === 70 ? ': over SIMLAB_WORKER_MAX_RSS_MB' : ''}); restarting it`);
          startWorker();
        } else {
          say(`the local worker exited (${signal ?? code}) right after starting; the hub keeps running without it`);
        }
      });
    };
    startWorker();
  }
  say('Ctrl-C stops the lab');
}

await main();
