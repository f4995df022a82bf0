// A model of the minicap process on the virtual device, from its documented behaviour (README and
// usage text): `-P <real>@<virtual>/<rotation>` is required; `-t` checks the capture and prints OK;
// `-s` writes one JPEG to stdout; `-i` prints the display as JSON; otherwise it prints its PID and
// serves the abstract socket `minicap` (or `-n name`) until it is killed or its shell goes: one
// client at a time (the next waits), each getting the global header, the current screen at once,
// then a frame whenever the screen changes (on Android 4.2+ minicap sends nothing while it is still),
// JPEG at the virtual size with -Q quality, at most -r frames a second.
import sharp from 'sharp';
import type { CommandIo } from '../device/sh-run.js';
import type { DeviceParts, SocketClient } from '../device/device-parts.js';

/** Bytes of the real binary's usage text: how the device recognises a pushed minicap. */
export const MINICAP_USAGE_MARK = Buffer.from('Display projection (<w>x<h>@<w>x<h>/{0|90|180|270})');

const USAGE = `Usage: minicap [-h] [-n <name>]
  -d <id>:       Display ID. (0)
  -n <name>:     Change the name of the abtract unix domain socket. (minicap)
  -P <value>:    Display projection (<w>x<h>@<w>x<h>/{0|90|180|270}).
  -Q <value>:    JPEG quality (0-100).
  -s:            Take a screenshot and output it to stdout. Needs -P.
  -S:            Skip frames when they cannot be consumed quickly enough.
  -r <value>:    Frame rate (frames/s)  -t:            Attempt to get the capture method running, then exit.
  -i:            Get display information in JSON format. May segfault.
  -h:            Show help.
`;

/** The virtual screen is drawn at most this often (a real phone's display refreshes at 60 Hz; drawing here costs host CPU). */
const MAX_FPS = 30;
const DEFAULT_QUALITY = 80;

interface Projection {
  realWidth: number;
  realHeight: number;
  width: number;
  height: number;
  rotation: number;
}

interface MinicapArgs {
  name: string;
  projection: Projection | null | 'invalid';
  quality: number;
  rate: number | null;
  test: boolean;
  shot: boolean;
  info: boolean;
  help: boolean;
}

function parseProjection(text: string): Projection | 'invalid' {
  const m = /^(\d+)x(\d+)@(\d+)x(\d+)\/(0|90|180|270)$/.exec(text);
  if (!m) return 'invalid';
  const [realWidth, realHeight, width, height, rotation] = m.slice(1).map(Number) as [number, number, number, number, number];
  return { realWidth, realHeight, width, height, rotation };
}

/** getopt("d:n:P:Q:r:siSth") as minicap calls it; a string on error. */
function parseArgs(argv: string[]): MinicapArgs | string {
  const args: MinicapArgs = { name: 'minicap', projection: null, quality: DEFAULT_QUALITY, rate: null, test: false, shot: false, info: false, help: false };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('-') || a === '-') break;
    const flag = a[1] as string;
    const value = () => (a.length > 2 ? a.slice(2) : argv[++i]);
    if ('dnPQr'.includes(flag)) {
      const v = value();
      if (v === undefined) return `minicap: option requires an argument -- ${flag}`;
      if (flag === 'n') args.name = v;
      else if (flag === 'P') args.projection = parseProjection(v);
      else if (flag === 'Q') args.quality = Math.max(0, Math.min(100, Number(v) || 0));
      else if (flag === 'r') args.rate = Number(v) > 0 ? Number(v) : null;
    } else if (flag === 's') args.shot = true;
    else if (flag === 't') args.test = true;
    else if (flag === 'i') args.info = true;
    else if (flag === 'h') args.help = true;
    else if (flag !== 'S') return `minicap: invalid option -- ${flag}`;
  }
  return args;
}

async function jpegOf(device: DeviceParts, p: Projection, quality: number): Promise<Buffer> {
  const png = await device.screenPng();
  return sharp(png).resize(p.width, p.height, { fit: 'fill' }).jpeg({ quality: Math.max(1, quality) }).toBuffer();
}

function header(pid: number, p: Projection): Buffer {
  const b = Buffer.alloc(24);
  b.writeUInt8(1, 0);
  b.writeUInt8(24, 1);
  b.writeUInt32LE(pid, 2);
  b.writeUInt32LE(p.realWidth, 6);
  b.writeUInt32LE(p.realHeight, 10);
  b.writeUInt32LE(p.width, 14);
  b.writeUInt32LE(p.height, 18);
  b.writeUInt8(p.rotation / 90, 22);
  b.writeUInt8(0, 23);
  return b;
}

function framed(jpeg: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(jpeg.length, 0);
  return Buffer.concat([length, jpeg]);
}

/** Streams frames to one client until it leaves or the process stops. */
async function serveClient(device: DeviceParts, client: SocketClient, pid: number, p: Projection, args: MinicapArgs, stopped: AbortSignal): Promise<void> {
  const periodMs = 1000 / Math.min(args.rate ?? MAX_FPS, MAX_FPS);
  const gone = () => client.signal.aborted || stopped.aborted;
  await client.write(header(pid, p));
  let shownVersion = -1;
  while (!gone()) {
    const started = device.now();
    const version = device.graph.version;
    if (version !== shownVersion || device.animationRemaining() > 0) {
      shownVersion = version;
      const jpeg = await jpegOf(device, p, args.quality);
      if (gone()) break;
      await client.write(framed(jpeg));
    }
    const wait = periodMs - (device.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  client.close();
}

/** Runs `minicap` with these arguments (the binary and its library already found runnable). */
export async function runMinicap(device: DeviceParts, argv: string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    await io.stderr.write(`${args}\n${USAGE}`);
    return 1;
  }
  if (args.help) {
    await io.stderr.write(USAGE);
    return 0;
  }
  const { config } = device;
  if (args.info) {
    const density = config.density / 160;
    await io.stdout.write(`${JSON.stringify({ id: 0, width: config.width, height: config.height, xdpi: config.density, ydpi: config.density, size: 5.5, density, fps: 60, secure: false, rotation: 0 }, null, 2)}\n`);
    return 0;
  }
  const p = args.projection;
  if (p === 'invalid') {
    await io.stderr.write('ERROR: invalid format for -P, need <w>x<h>@<w>x<h>/{0|90|180|270}\n');
    return 1;
  }
  if (!p) {
    await io.stderr.write('ERROR: missing or invalid -P\n');
    return 1;
  }
  if (args.shot) {
    if (config.minicapError) {
      await io.stderr.write(`${config.minicapError}\n`);
      return 1;
    }
    await io.stdout.write(await jpegOf(device, p, args.quality));
    return 0;
  }
  await io.stderr.write(`INFO: Using projection ${p.realWidth}x${p.realHeight}@${p.width}x${p.height}/${p.rotation}\n`);
  if (config.minicapError) {
    await io.stderr.write(`${config.minicapError}\n`);
    return 1;
  }
  if (args.test) {
    await io.stdout.write('OK\n');
    return 0;
  }
  if (device.abstractSockets.has(args.name)) {
    await io.stderr.write(`ERROR: (jni/minicap/minicap.cpp:470: errno: Address already in use) Unable to start server on namespace '${args.name}'\n`);
    return 1;
  }
  const proc = device.startProcess('minicap');
  await io.stdout.write(`PID: ${proc.pid}\n`);
  const stopped = AbortSignal.any([io.signal, proc.signal]);
  const waiting: SocketClient[] = [];
  let serving: Promise<void> | null = null;
  const next = () => {
    const client = waiting.shift();
    if (!client || stopped.aborted) return;
    void io.stderr.write('INFO: (jni/minicap/minicap.cpp:500) New client connection\n');
    serving = serveClient(device, client, proc.pid, p, args, stopped)
      .catch(() => client.close())
      .finally(() => {
        serving = null;
        next();
      });
  };
  device.abstractSockets.set(args.name, (client) => {
    waiting.push(client);
    if (!serving) next();
  });
  await new Promise<void>((resolve) => (stopped.aborted ? resolve() : stopped.addEventListener('abort', () => resolve(), { once: true })));
  device.abstractSockets.delete(args.name);
  for (const client of waiting.splice(0)) client.close();
  await serving;
  proc.exit();
  // Killed (SIGKILL): 128 + 9, as the shell reports it; its shell gone: nobody reads the status.
  return proc.signal.aborted ? 137 : 0;
}
