// Precise scrolling on the web device with and without touch-event timestamps, in one run: fresh
// sessions on the demo feed each make three 300-point scroll-bys (the first learns the touch
// slop, so it takes two drags; the later ones should land on their one drag). The runs alternate
// between the bridge as it is (every touch event stamped with the time its timeline meant) and
// the same events with the stamp taken off (Chromium then times them as they arrive), so both see
// the same machine load. Per drag: how late its events went out and where the feed came to rest;
// a drag past 302 points is an overshoot (a fling). Load the machine to see the difference, e.g.
// three `node -e 'for(;;){}' &`.
// Run: RUNS=10 npx tsx bench/scroll-landing.ts
import type { CDPSession } from 'playwright-core';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { inPage } from '../workers/session/test-support/demo-page.js';

const RUNS = Number(process.env.RUNS ?? 5);
const CMDS = 3;
type Variant = 'stamped' | 'unstamped';
const demo = await startDemoServer();
const device = await launchWebDevice({ url: `${demo.url}?live=off#/home` });
const cdp = (device as unknown as { cdp: CDPSession }).cdp;
// The stamp is taken off at the CDP session, the only place the bridge's events pass through.
let strip = false;
const send = cdp.send.bind(cdp) as (m: string, p?: Record<string, unknown>) => Promise<unknown>;
(cdp as unknown as { send: typeof send }).send = (m, p) => {
  if (strip && m === 'Input.dispatchTouchEvent' && p) {
    const { timestamp: _drop, ...rest } = p;
    return send(m, rest);
  }
  return send(m, p);
};
const feedY = () => inPage<number>(device, '(document.getElementById("feed")?.scrollTop ?? NaN)');
interface Round {
  late: number;
  y: number;
}
let rounds: Round[] = [];
// A drag's lateness, noted after it is performed and reported once the scroll-by waits for rest.
let pendingLate = NaN;
const perform = device.perform.bind(device);
device.perform = async (...args: Parameters<typeof perform>) => {
  await perform(...args);
  pendingLate = device.lastTouchTiming?.maxLateMs ?? NaN;
};
const waitForStill = device.waitForStill.bind(device);
device.waitForStill = async (...args: Parameters<typeof waitForStill>) => {
  const r = await waitForStill(...args);
  if (!Number.isNaN(pendingLate)) {
    rounds.push({ late: pendingLate, y: await feedY() });
    pendingLate = NaN;
  }
  return r;
};
interface Cmd {
  from: number;
  dy: number;
  drags: number;
  verified: boolean;
  rounds: Round[];
}
const out: Record<Variant, Cmd[][]> = { stamped: [], unstamped: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    for (const variant of (run % 2 ? ['unstamped', 'stamped'] : ['stamped', 'unstamped']) as Variant[]) {
      strip = variant === 'unstamped';
      await inPage(device, 'location.hash = "#/home"; new Promise((r) => setTimeout(() => { document.getElementById("feed").scrollTop = 0; r(true); }, 300))');
      await device.waitForStill();
      const session = new DeviceSession(device);
      const cmds: Cmd[] = [];
      for (let c = 0; c < CMDS; c++) {
        rounds = [];
        const from = await feedY();
        const env = await session.execute('scroll-by', { dy: 300 });
        const d = (env.ok ? env.data : {}) as { scrolled?: { dy: number } | null; drags?: number; delivery?: string };
        cmds.push({ from, dy: d.scrolled?.dy ?? NaN, drags: d.drags ?? NaN, verified: d.delivery === 'delivered_verified', rounds });
        if (Number.isNaN(d.scrolled?.dy ?? NaN)) break;
      }
      out[variant].push(cmds);
      console.log(variant.padEnd(9), cmds.map((c) => `${c.dy}/${c.drags}${c.verified ? '' : '!'} [${c.rounds.map((r) => `${(r.y - c.from).toFixed(0)}(${r.late.toFixed(0)}ms)`).join(' ')}]`).join(' | '));
    }
  }
} finally {
  await device.close();
  await demo.close();
}
for (const variant of ['stamped', 'unstamped'] as Variant[]) {
  const runs = out[variant];
  const cmds = runs.flat();
  const first = runs.filter((r) => r[0]?.verified).length;
  const later = runs.flatMap((r) => r.slice(1));
  const oneDrag = later.filter((c) => c.drags === 1 && Math.abs(c.dy - 300) <= 2).length;
  const drags = cmds.flatMap((c) => c.rounds);
  const over = cmds.filter((c) => c.rounds.some((r) => r.y - c.from > 302)).length;
  const lates = drags.map((r) => r.late).sort((a, b) => a - b);
  console.log(
    `${variant}: first scroll-by of a session within 2 pt: ${first}/${runs.length}; later scroll-bys landed within 2 pt on their one drag: ${oneDrag}/${later.length}; ` +
      `scroll-bys with a drag that overshot (>302): ${over}/${cmds.length}; drag lateness median ${lates[Math.floor(lates.length / 2)]?.toFixed(0)} ms max ${lates.at(-1)?.toFixed(0)} ms`,
  );
}
