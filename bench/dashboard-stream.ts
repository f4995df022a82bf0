// The dashboard's live stream: frames per second and latency (device frame timestamp -> painted
// in the page) while an agent keeps the demo feed scrolling, with 1 and with 10 viewers side by
// side, beside a bare Socket.IO viewer in Node that acks at once (what the hub delivers to a fast
// viewer, alone and while the browsers watch: a slow page must not slow it down).
// Run: npm run bench:dashboard-stream   (SECONDS=10 by default per round)
import type { Page } from 'playwright-core';
import { io } from 'socket.io-client';
import type { FrameUpdate } from '../core/wire/ui-protocol.js';
import { launchChromium, startDashboardLab } from '../e2e/support/dashboard-lab.js';
import { call, createToken, data } from '../e2e/support/lab.js';

const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = [1, 10];

interface Paint {
  timestamp: number;
  paintedAt: number;
}
interface Row {
  viewers: string;
  fps: { median: number; min: number };
  latency: { p50: number; p95: number };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

function summarize(viewers: string, perViewer: Paint[][], seconds: number): Row {
  const fps = perViewer.map((p) => p.length / seconds);
  const latencies = perViewer.flat().map((p) => p.paintedAt - p.timestamp);
  return { viewers, fps: { median: quantile(fps, 0.5), min: Math.min(...fps) }, latency: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) } };
}

const lab = await startDashboardLab('bench');
const browser = await launchChromium();
const agent = await createToken(lab.url, lab.admin, 'scroller', 'agent');
const viewerToken = await createToken(lab.url, lab.admin, 'watcher', 'viewer');
const rows: Row[] = [];
try {
  const lease = data(await call<{ id: string }>(lab.url, 'POST', '/leases', agent, { deviceId: lab.deviceId, ttlMs: 3_600_000, idleMs: 600_000 }));
  // Keeps the feed moving: slow drags up and down (1.2 s each) along the feed, one after another.
  let scrolling = true;
  const drag = (fromY: number, toY: number) => ({
    fingers: [{ id: 0, points: Array.from({ length: 25 }, (_, i) => ({ x: 195, y: fromY + ((toY - fromY) * i) / 24, t: i * 50 })) }],
  });
  const scroller = (async () => {
    for (let up = true; scrolling; up = !up) {
      await call(lab.url, 'POST', `/devices/${lab.deviceId}/perform`, agent, up ? drag(700, 250) : drag(250, 700));
    }
  })();

  // A Node viewer that acks every frame at once: the rate the hub forwards at, alone and beside the browsers.
  const nodeViewer = async (seconds: number): Promise<Paint[]> => {
    const paints: Paint[] = [];
    const socket = io(`${lab.url}/ui`, { transports: ['websocket'], extraHeaders: { cookie: `simlab_token=${viewerToken}` } });
    let counting = false;
    socket.on('frame', (f: FrameUpdate, painted: () => void) => {
      if (counting) paints.push({ timestamp: f.timestamp, paintedAt: Date.now() });
      painted();
    });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.emit('frames:subscribe', { deviceId: lab.deviceId });
    await new Promise((r) => setTimeout(r, 1000));
    counting = true;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    socket.close();
    return paints;
  };
  rows.push(summarize('Node socket alone', [await nodeViewer(SECONDS)], SECONDS));

  for (const n of ROUNDS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'simlab_token', value: viewerToken, url: lab.url, httpOnly: true, sameSite: 'Strict' }]);
    await context.addInitScript(() => {
      const w = window as unknown as { __paints: Paint[] };
      w.__paints = [];
      window.addEventListener('simlab:paint', (e) => w.__paints.push((e as CustomEvent<Paint>).detail));
    });
    const pages: Page[] = [];
    for (let i = 0; i < n; i++) {
      const page = await context.newPage();
      await page.goto(`${lab.url}/devices/${lab.deviceId}`);
      await page.locator('[data-testid=stream] canvas[data-frames]:not([data-frames="0"])').waitFor({ timeout: 30_000 });
      pages.push(page);
    }
    const beside = nodeViewer(SECONDS);
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(pages.map((p) => p.evaluate(() => void ((window as unknown as { __paints: Paint[] }).__paints.length = 0))));
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const perViewer = await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { __paints: Paint[] }).__paints.slice())));
    rows.push(summarize(`${n} browser viewer${n > 1 ? 's' : ''}`, perViewer, SECONDS));
    rows.push(summarize(`  Node socket beside them`, [await beside], SECONDS));
    await context.close();
  }
  scrolling = false;
  await scroller;
  await call(lab.url, 'DELETE', `/leases/${lease.id}`, agent);
} finally {
  await browser.close();
  await lab.close();
}

console.log(`dashboard stream while the feed scrolls (${SECONDS} s per round, one web device 390x844, JPEG q60)`);
console.log('viewers                  fps/viewer (median, min)   latency frame->painted (p50, p95)');
for (const r of rows) {
  console.log(
    `${r.viewers.padEnd(24)} ${r.fps.median.toFixed(1).padStart(6)} ${r.fps.min.toFixed(1).padStart(6)}              ${r.latency.p50.toFixed(0).padStart(5)} ms ${r.latency.p95.toFixed(0).padStart(6)} ms`,
  );
}
process.exit(0);
