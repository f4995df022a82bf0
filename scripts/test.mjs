#!/usr/bin/env node
// The test run of `npm test`: every *.test.ts under test/, core/, cli/, workers/, server/ and e2e/
// on node's test runner (each file its own process), in two phases:
//   1. the CPU-light files (pure code, hubs with simulated workers), two files at a time;
//   2. then, one file at a time with the machine to themselves, the files that drive a real
//      Chromium, run whole labs, or hold timing assertions (streams, recordings, settling, hand-over
//      deadlines): on a 2-core machine they miss their timing beside another busy file.
// A file goes to phase 2 when its path starts with one of SERIAL or it calls one of HEAVY (a
// Chromium, a virtual Android device behind adb, a worker process or a whole lab); when in doubt,
// add it. The bridges' pure tests (parsers, protocols, the in-process simulated device) run in phase 1.
// Every file runs even when an earlier one fails; the exit code is non-zero if any failed.
// Arguments go to both runs (e.g. `node scripts/test.mjs --test-reporter=spec`).
// `npm test` built dist/ just before (scripts/checks.mjs) and sets SIMLAB_TEST_BUILT=1, so the CLI tests
// run that bundle (test/support/cli.ts); run on its own after an edit, the CLI runs from its sources.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const FOLDERS = ['test', 'core', 'cli', 'workers', 'server', 'e2e'];
const SERIAL = [
  'e2e/', // hub + worker processes + Chromium per file
  'test/blind-spots/', // Chromium and OCR
];
const HEAVY =
  /\b(launchWebDevice|pageSessionForSuite|webProvider|startHandOverLab|labForSuite|startAndroidLab|startVirtualDevice|connectedDeviceForSuite|startWorkerLab|startDashboardLab|WorkerProcess)\b|playwright-core/;
const PARALLEL_FILES = 2;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

const files = FOLDERS.flatMap((folder) => testFiles(join(root, folder))).sort();
const serial = files.filter((file) => SERIAL.some((prefix) => file.startsWith(prefix)) || HEAVY.test(readFileSync(join(root, file), 'utf8')));
const parallel = files.filter((file) => !serial.includes(file));

function run(list, concurrency) {
  if (list.length === 0) return 0;
  const args = ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...process.argv.slice(2), ...list];
  return spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
}

process.stdout.write(`# ${parallel.length} files, ${PARALLEL_FILES} at a time\n`);
const first = run(parallel, PARALLEL_FILES);
process.stdout.write(`# ${serial.length} files (browser, whole labs, timing), one at a time\n`);
const second = run(serial, 1);
process.exit(first !== 0 || second !== 0 ? 1 : 0);
