#!/usr/bin/env node
// A stand-in for native/ios's helper, speaking the same JSON lines (core/wire/ios-helper-protocol.ts):
// it checks each request against the shared vectors' rules, plays touch events on its clock
// into the call log (with the time each was sent), and captures frames from the fake screen.
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { logCall, screenText } from './fake-state.mjs';

const udid = process.argv[process.argv.indexOf('--udid') + 1];
const tree = JSON.parse(screenText());
const root = Array.isArray(tree) ? tree[0] : tree;
const send = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

createInterface({ input: process.stdin }).on('line', async (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return;
  }
  const id = Number.isInteger(req.id) && req.id > 0 ? req.id : 1;
  if (req.op === 'hello') {
    if (req.version !== 1) return send({ id, ok: false, error: { code: 'version', message: `protocol ${req.version} is not 1` } });
    return send({ id, ok: true, op: 'hello', version: 1, helper: 'fake-helper 1', screen: { w: root.frame.width, h: root.frame.height, scale: 3 }, multiTouch: true });
  }
  if (req.op === 'touch' && Array.isArray(req.events)) {
    const start = Date.now();
    for (const e of req.events) {
      const wait = start + e.t - Date.now();
      if (wait > 0) await sleep(wait);
      logCall('helper', [udid, e.phase, String(e.finger), String(e.x), String(e.y), String(e.t), String(Date.now() - start)]);
    }
    return send({ id, ok: true, op: 'touch' });
  }
  if (req.op === 'release') {
    logCall('helper', [udid, 'release']);
    return send({ id, ok: true, op: 'release' });
  }
  if (req.op === 'frame') {
    const w = Math.round(root.frame.width);
    const h = Math.round(root.frame.height);
    const jpeg = await sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } }).jpeg({ quality: req.quality }).toBuffer();
    return send({ id, ok: true, op: 'frame', width: w, height: h, timestamp: Date.now(), jpeg: jpeg.toString('base64') });
  }
  send({ id, ok: false, error: { code: 'bad_request', message: `unknown op ${String(req.op)}` } });
});
