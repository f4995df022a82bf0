#!/usr/bin/env node
// A stand-in for `xcrun simctl` on a host without Xcode: it answers from fake-state.mjs, with
// the real output and failure texts in ../testdata, and logs every call.
import process from 'node:process';
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { failWith, logCall, plannedFailure, readJson, readStdin, screenText, setState, simulators, writeJson } from './fake-state.mjs';

const [simctl, verb, ...rest] = process.argv.slice(2);
if (simctl !== 'simctl') {
  process.stderr.write(`xcrun: error: unable to find utility "${simctl}", not a developer tool or in PATH\n`);
  process.exit(72);
}
const stdin = verb === 'pbcopy' ? readStdin() : undefined;
logCall('simctl', [verb, ...rest], stdin);
const planned = plannedFailure(`simctl ${verb}`);
const udidArg = rest.find((a) => /^[0-9A-F]{8}-/i.test(a)) ?? '';
if (planned) failWith(planned, udidArg);

function device(udid, { boot = false } = {}) {
  const sim = simulators().find((s) => s.udid === udid);
  if (!sim) failWith(boot ? 'invalid-device-boot' : 'invalid-device', udid);
  return sim;
}

function booted(udid) {
  const sim = device(udid);
  if (sim.state !== 'Booted') failWith('shut-down', udid);
  return sim;
}

/** The screen as the simulator's PNG: the app's elements drawn as boxes, at 3 pixels per point. */
async function screenshotPng() {
  const tree = JSON.parse(screenText());
  const root = Array.isArray(tree) ? tree[0] : tree;
  const boxes = [];
  const walk = (el) => {
    const f = el.frame;
    if (f) boxes.push(`<rect x="${f.x * 3}" y="${f.y * 3}" width="${f.width * 3}" height="${f.height * 3}" fill="none" stroke="#333" stroke-width="3"/>`);
    (el.children ?? []).forEach(walk);
  };
  walk(root);
  const w = Math.round(root.frame.width * 3);
  const h = Math.round(root.frame.height * 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${readJson('appearance.json', 'light') === 'dark' ? '#000' : '#fff'}"/>${boxes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

switch (verb) {
  case 'list':
    process.stdout.write(JSON.stringify(readJson('devices.json'), null, 2));
    break;
  case 'boot': {
    const sim = device(rest[0], { boot: true });
    if (sim.state === 'Booted') failWith('already-booted');
    setState(sim.udid, 'Booted');
    break;
  }
  case 'bootstatus':
    booted(rest[0]);
    break;
  case 'shutdown': {
    device(rest[0]);
    setState(rest[0], 'Shutdown');
    break;
  }
  case 'erase':
    if (device(rest[0]).state === 'Booted') failWith('already-booted');
    break;
  case 'install':
  case 'openurl':
  case 'status_bar':
    booted(rest[0]);
    break;
  case 'launch':
  case 'terminate':
    booted(rest.find((a) => !a.startsWith('--')));
    break;
  case 'ui':
    booted(rest[0]);
    if (rest[1] === 'appearance') writeJson('appearance.json', rest[2]);
    break;
  case 'pbcopy':
    booted(rest[0]);
    writeJson('pasteboard.json', stdin);
    break;
  case 'io': {
    booted(rest[0]);
    const file = rest[rest.length - 1];
    writeFileSync(file, await screenshotPng());
    process.stderr.write("Detected file type 'PNG' from extension\nWrote screenshot to: " + file + '\n');
    break;
  }
  default:
    process.stderr.write(`Unrecognized subcommand: ${verb}\n`);
    process.exit(64);
}
