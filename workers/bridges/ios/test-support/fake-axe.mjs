#!/usr/bin/env node
// A stand-in for AXe on a host without a Mac: describe-ui answers the front app's real capture
// (../testdata), `--point` answers the deepest element of that capture under the point (what
// AXe's point query returns), and input is logged for the test to check.
import process from 'node:process';
import { failWith, logCall, plannedFailure, readStdin, screenText, simulators } from './fake-state.mjs';

const args = process.argv.slice(2);
if (args[0] === '--version') {
  process.stdout.write('1.1.1\n');
  process.exit(0);
}
const udid = args[args.indexOf('--udid') + 1];
const stdin = args.includes('--stdin') ? readStdin() : undefined;
logCall('axe', args, stdin);
const planned = plannedFailure(`axe ${args[0]}`);
if (planned) failWith(planned, udid);
const sim = simulators().find((s) => s.udid === udid);
if (!sim) {
  process.stderr.write(`Error: Simulator with UDID ${udid} not found in set.\n`);
  process.exit(1);
}
if (sim.state !== 'Booted') {
  process.stderr.write(`Error: Simulator ${udid} is not booted (state: ${sim.state}).\n`);
  process.exit(1);
}

function deepestAt(el, x, y) {
  const f = el.frame;
  if (!f || x < f.x || y < f.y || x >= f.x + f.width || y >= f.y + f.height) return undefined;
  for (const child of el.children ?? []) {
    const hit = deepestAt(child, x, y);
    if (hit) return hit;
  }
  return el;
}

if (args[0] === 'describe-ui') {
  const at = args.indexOf('--point');
  if (at === -1) process.stdout.write(screenText());
  else {
    const [x, y] = args[at + 1].split(',').map(Number);
    const tree = JSON.parse(screenText());
    const hit = deepestAt(Array.isArray(tree) ? tree[0] : tree, x, y);
    process.stdout.write(JSON.stringify(hit ? [{ ...hit, children: [] }] : [], null, 2));
  }
}
