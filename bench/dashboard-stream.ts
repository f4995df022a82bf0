// The dashboard's live stream: frames per second and latency (device frame timestamp -> painted
// in the page) while an agent keeps the demo feed scrolling, with 1 and with 10 viewers side by
// side, beside a bare Socket.IO viewer in Node that acks at once (what the hub delivers to a fast
// viewer, alone and while the browsers watch: a slow page must not slow it down).
// Then a person's click on the stream: click -> the changed pixels painted in the page, on a still
// screen (a switch on Settings) and on an animated one (the live switch over the moving feed),
// beside the device's own reaction (the same tap sent straight to a local web device, until its
// first changed frame); and the stream's sharpness (frame width / CSS width) at fit, 1:1 and 2x on
// a 2x screen, measured before the clicks (the page falls back to 1x frames for a while after slow
// ones) and bounded by what the web device draws (SIMLAB_WEB_RENDER_SCALE).
// Run: npm run bench:dashboard-stream   (SECONDS=10 by default per round, CLICKS=8 per screen,
//      PARTS=stream,clicks,sharpness by default: name fewer to run only those)
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { tap } from '../core/gestures/taps.js';
import type { OutlineElement } from '../core/outline/snapshot.js';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { defaultRenderScale } from '../workers/bridges/web/launch.js';
import { renderScaleFromEnv } from '../workers/bridges/web/provider.js';
import { io } from 'socket.io-client';
import type { FrameUpdate } from '../core/wire/ui-protocol.js';
import { launchChromium, startDashboardLab } from '../e2e/support/dashboard-lab.js';
import { call, createToken, data, signInCookie } from '../e2e/support/lab.js';
import { admitTimeline } from '../core/wire/admitted-timeline.js';

const SECONDS = Number(process.env.SECONDS ?? 10);
const CLICKS = Number(process.env.CLICKS ?? 8);
const PARTS = new Set((process.env.PARTS ?? 'stream,clicks,sharpness').split(','));

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The sum of a frame's pixels inside a device rect: a cheap fingerprint of that region. */
async function regionSum(jpeg: Buffer, box: Box, pxPerPoint: number): Promise<number> {
  const raw = await sharp(jpeg)
    .extract({ left: Math.round(box.x * pxPerPoint), top: Math.round(box.y * pxPerPoint), width: Math.round(box.w * pxPerPoint), height: Math.round(box.h * pxPerPoint) })
    .raw()
    .toBuffer();
  let sum = 0;
  for (const v of raw) sum += v;
  return sum;
}

/** The device's own reaction: a tap sent straight to a local web device, until its first frame that differs there. */
async function deviceReaction(hash: string, id: string, clicks: number): Promise<number[]> {
  const demo = await startDemoServer();
  const renderScale = renderScaleFromEnv(process.env);
  const device = await launchWebDevice({ url: `${demo.url}${hash}`, ...(renderScale ? { renderScale } : {}) });
  const times: number[] = [];
  try {
    await new Promise((r) => setTimeout(r, 1500));
    const el = (await device.describe()).root;
    const find = (n: typeof el): typeof el | undefined => (n.id === id ? n : n.children.map(find).find((x) => x !== undefined));
    const target = find(el);
    if (!target) throw new Error(`no #${id} on the local device`);
    const box = target.frame;
    let latest: Buffer | null = null;
    const stop = device.frames((f) => void (latest = f.data));
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < clicks; i++) {
      const base = latest ? await regionSum(latest, box, 1) : 0;
      let changedAt = 0;
      const off = device.frames((f) => {
        if (changedAt) return;
        const arrived = Date.now();
        void regionSum(f.data, box, f.width / 390).then((sum) => {
          if (!changedAt && Math.abs(sum - base) > box.w * box.h * 3) changedAt = arrived;
        });
      });
      const t0 = Date.now();
      await device.perform(admitTimeline(tap({ x: box.x + box.w / 2, y: box.y + box.h / 2 }), device.info.size));
      for (let waited = 0; !changedAt && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      off();
      if (changedAt) times.push(changedAt - t0);
      await new Promise((r) => setTimeout(r, 600));
    }
    stop();
  } finally {
    await device.close();
    await demo.close();
  }
  return times;
}
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

/** `name=value` as the browser context wants it. */
function cookieParts(cookie: string): { name: string; value: string } {
  const eq = cookie.indexOf('=');
  return { name: cookie.slice(0, eq), value: cookie.slice(eq + 1) };
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
const clicks: Array<{ screen: string; page: number[]; device: number[] }> = [];
const sharpness: Array<{ zoom: string; cssWidth: number; frameWidth: number; asked: number }> = [];
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
    const socket = io(`${lab.url}/ui`, { transports: ['websocket'], extraHeaders: { cookie: await signInCookie(lab.url, viewerToken) } });
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
  if (PARTS.has('stream')) rows.push(summarize('Node socket alone', [await nodeViewer(SECONDS)], SECONDS));

  for (const n of PARTS.has('stream') ? ROUNDS : []) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ ...cookieParts(await signInCookie(lab.url, viewerToken)), url: lab.url, httpOnly: true, sameSite: 'Strict' }]);
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

  // A person's clicks, in a page on a 2x screen that took the device.
  const person = await createToken(lab.url, lab.admin, 'clicker', 'member');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });
  await context.addCookies([{ ...cookieParts(await signInCookie(lab.url, person)), url: lab.url, httpOnly: true, sameSite: 'Strict' }]);
  const page = await context.newPage();
  await page.goto(`${lab.url}/devices/${lab.deviceId}`);
  await page.locator('[data-testid=take]').click();
  await page.locator('[data-testid=holder]', { hasText: 'held by you' }).waitFor();
  await page.locator('[data-testid=stream] canvas[data-frames]:not([data-frames="0"])').waitFor({ timeout: 30_000 });
  const elements = async () => data(await call<{ outline: { elements: OutlineElement[] } }>(lab.url, 'GET', `/devices/${lab.deviceId}/outline?format=json&wait=false`, lab.admin)).outline.elements;
  const byId = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      const found = (await elements()).find((e) => e.id === id);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no #${id} on the device`);
  };
  const stream = page.locator('[data-testid=stream]');
  const clickTimes = async (id: string): Promise<number[]> => {
    const el = await byId(id);
    const times: number[] = [];
    for (let i = 0; i < CLICKS; i++) {
      const box = await stream.boundingBox();
      if (!box) throw new Error('no stream');
      const k = box.width / 390;
      // Armed in the page: the first painted frame whose pixels over the element differ from now.
      await page.evaluate(`(() => {
        const c = document.querySelector('[data-testid=stream] canvas');
        const f = ${JSON.stringify(el.frame)};
        const sum = () => { const s = c.width / 390; const d = c.getContext('2d').getImageData(Math.round(f.x * s), Math.round(f.y * s), Math.round(f.w * s), Math.round(f.h * s)).data; let t = 0; for (let i = 0; i < d.length; i += 4) t += d[i] + d[i + 1] + d[i + 2]; return { t, n: d.length / 4 }; };
        const base = sum();
        window.__changedAt = 0;
        const on = (e) => { const now = sum(); if (Math.abs(now.t - base.t * now.n / base.n) > now.n * 9) { window.__changedAt = e.detail.paintedAt; window.removeEventListener('simlab:paint', on); } };
        window.addEventListener('simlab:paint', on);
      })()`);
      const t0 = Date.now();
      await page.mouse.click(box.x + el.tap.x * k, box.y + el.tap.y * k);
      let changedAt = 0;
      for (let waited = 0; !changedAt && waited < 10_000; waited += 10) {
        changedAt = Number(await page.evaluate('window.__changedAt'));
        if (!changedAt) await new Promise((r) => setTimeout(r, 10));
      }
      if (changedAt) times.push(changedAt - t0);
      await page.locator('[data-testid=action].pending').waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 600));
    }
    return times;
  };
  const tabAt = async (id: string) => {
    const el = await byId(id);
    const box = await stream.boundingBox();
    if (!box) throw new Error('no stream');
    await page.mouse.click(box.x + el.tap.x * (box.width / 390), box.y + el.tap.y * (box.width / 390));
    await new Promise((r) => setTimeout(r, 1500));
  };
  // Before the clicks: a page whose link judge saw the clicks' slow frames may be on 1x for a while.
  for (const zoom of PARTS.has('sharpness') ? (['fit', '1x', '2x'] as const) : []) {
    await page.locator(`[data-testid=zoom-${zoom}]`).click();
    const cssWidth = (await stream.boundingBox())?.width ?? 0;
    const want = Math.min(3, Math.ceil(((cssWidth * 2) / 390) * 4) / 4) * 390;
    const frameWidth = await page
      .waitForFunction(`(() => { const w = document.querySelector('[data-testid=stream] canvas').width; return w >= ${want - 1} && w; })()`, undefined, { timeout: 5000 })
      .then((h) => h.jsonValue() as Promise<number>)
      .catch(() => page.evaluate(`document.querySelector('[data-testid=stream] canvas').width`) as Promise<number>);
    sharpness.push({ zoom, cssWidth, frameWidth, asked: Number(await stream.getAttribute('data-scale')) });
  }
  await page.locator('[data-testid=zoom-fit]').click();
  if (PARTS.has('clicks')) {
    await tabAt('tab-settings');
    clicks.push({ screen: 'still (Settings switch)', page: await clickTimes('toggle-dark'), device: await deviceReaction('#/settings', 'toggle-dark', CLICKS) });
    await tabAt('tab-home');
    clicks.push({ screen: 'animated (live feed switch)', page: await clickTimes('live-switch'), device: await deviceReaction('#/home', 'live-switch', CLICKS) });
  }

  await context.close();
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
console.log('');
console.log(`click on the stream -> changed pixels painted (${CLICKS} clicks per screen; device = the same tap sent straight to a local web device, until its first changed frame)`);
console.log('screen                        page p50   page p95   device p50   over the device (p50)');
for (const c of clicks) {
  const p50 = quantile(c.page, 0.5);
  const d50 = quantile(c.device, 0.5);
  console.log(`${c.screen.padEnd(29)} ${p50.toFixed(0).padStart(6)} ms ${quantile(c.page, 0.95).toFixed(0).padStart(6)} ms ${d50.toFixed(0).padStart(8)} ms ${(p50 - d50).toFixed(0).padStart(10)} ms   (${c.page.length}/${CLICKS} seen)`);
}
console.log('');
console.log(`sharpness on a 2x screen: frame width / CSS width (2.0 = one image pixel per screen pixel; the web device draws ${renderScaleFromEnv(process.env) ?? defaultRenderScale()}x, SIMLAB_WEB_RENDER_SCALE)`);
for (const s of sharpness) console.log(`zoom ${s.zoom.padEnd(4)} CSS ${s.cssWidth.toFixed(0).padStart(4)} px  asked ${s.asked}x  frame ${String(s.frameWidth).padStart(5)} px  sharpness ${(s.frameWidth / s.cssWidth).toFixed(2)}`);
process.exit(0);
