// Seed 001's comparison on the bundled demo app: each task done twice through a real
// DeviceSession on the web device, once the outline way (read outlines and settled diffs, act by
// selector) and once the screenshot way (a screenshot per step, taps at coordinates read from the
// known layout). Per task: calls, bytes and o200k tokens an agent would read, images loaded, wall
// time, success (checked in the page itself, not by either way). Image tokens use the usual
// tile estimate (85 + 170 per 512 px tile after fitting in 2048 and shortening to 768).
// Run: npx tsx bench/agent-tasks.ts
import { encode } from 'gpt-tokenizer';
import type { Envelope } from '../core/contract/envelope.js';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { DeviceSession } from '../workers/session/index.js';
import { pageOf } from '../workers/session/test-support/demo-page.js';

interface Tally {
  calls: number;
  bytes: number;
  tokens: number;
  images: number;
  ms: number;
  ok: boolean;
}

function imageTokens(w: number, h: number): number {
  let [x, y] = [w, h];
  const fit = Math.min(1, 2048 / Math.max(x, y));
  [x, y] = [x * fit, y * fit];
  const short = Math.min(1, 768 / Math.min(x, y));
  [x, y] = [x * short, y * short];
  return 85 + 170 * Math.ceil(x / 512) * Math.ceil(y / 512);
}

const demo = await startDemoServer();
const device = await launchWebDevice({ url: `${demo.url}?live=off#/home` });
const session = new DeviceSession(device);
const page = pageOf(device);

/** An agent's view of one call: what it reads is the text (or the image) of the answer. */
function agent(): { tally: Tally; run: (command: string, args: Record<string, unknown>) => Promise<Record<string, unknown>> } {
  const tally: Tally = { calls: 0, bytes: 0, tokens: 0, images: 0, ms: 0, ok: false };
  return {
    tally,
    run: async (command, args) => {
      tally.calls++;
      const env: Envelope = await session.execute(command, args);
      if (!env.ok) throw new Error(`${command}: ${env.error.code} ${env.error.message}`);
      const data = env.data as Record<string, unknown>;
      if (command === 'screenshot') {
        tally.images++;
        tally.bytes += Buffer.from(String(data.base64), 'base64').length;
        tally.tokens += imageTokens(Number(data.width), Number(data.height));
      } else {
        const text = String(data.diff ?? data.outline ?? JSON.stringify(data));
        tally.bytes += Buffer.byteLength(text);
        tally.tokens += encode(text).length;
      }
      return data;
    },
  };
}

/** The centre of an element as a person would read it off the screenshot of a known layout. */
async function at(selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

async function reset(start: string): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto(`${demo.url}?live=off${start}`);
  await page.reload();
  await session.execute('outline', {});
}

type Run = ReturnType<typeof agent>['run'];
type Way = (run: Run) => Promise<void>;

// Task 2's post: the only one by this author about this (post 46 of 50, some 22 screens down).
const AUTHOR = 'Kavya Rao';
const SUBJECT = 'Found this old film camera at a flea market.';
const POST = '#post-46';
/** Scrolls an agent may spend looking for the post before it gives up. */
const MAX_SCROLLS = 40;
/** The feed's middle, where a person scrolling it puts the finger (read off the known layout). */
const FEED_POINT = { x: 195, y: 470 };

/**
 * The outline way of reading a scrolling feed: the lines of every answer in the order they came
 * (gone `-` lines and their refs dropped). The post is found once its photo line (labelled with
 * its author) is followed by its text with no other photo between: a cell's lines come in reading
 * order, and scrolling down brings the rest of a cell in the next answer.
 */
function sawPost(seen: string[]): boolean {
  for (let i = seen.length - 1; i >= 0; i--) {
    if (!seen[i]!.startsWith(`Text "${SUBJECT}"`)) continue;
    for (let j = i - 1; j >= 0; j--) {
      if (!seen[j]!.startsWith('Image "Photo by ')) continue;
      return seen[j]!.startsWith(`Image "Photo by ${AUTHOR}"`);
    }
  }
  return false;
}
function linesOf(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('- '))
    .map((l) => l.replace(/^[+=~]? *(@\d+ )?(#\d+(@\d+)? )?/, ''));
}

/** What a person sees on the screenshot: the post's photo, whole, in the feed's visible part. */
async function photoInView(): Promise<boolean> {
  return page.evaluate((post) => {
    const img = document.querySelector(`${post} img`);
    const feed = document.getElementById('feed');
    if (!img || !feed) return false;
    const a = img.getBoundingClientRect();
    const f = feed.getBoundingClientRect();
    return a.top >= f.top && a.bottom <= f.bottom;
  }, POST);
}

/** The viewer's zoom and rotation, as the app itself holds them. */
const zoomedAndTurned = () =>
  page.evaluate(() => {
    const demo = (window as unknown as { __demo: { zoom: number; rotation: number } }).__demo;
    return Math.abs(demo.zoom - 2) < 0.1 && Math.abs(demo.rotation - 90) < 5;
  });

const tasks: Array<{ name: string; start: string; outline: Way; screenshot: Way; check: () => Promise<boolean> }> = [
  {
    name: '1 dark mode on, confirmed',
    start: '#/home',
    outline: async (run) => {
      await run('outline', { interactive: true });
      await run('tap', { target: '#tab-settings' });
      const d = await run('toggle', { target: '#toggle-dark', on: true });
      if (!/Switch "Dark mode" .*checked/.test(String(d.diff))) throw new Error('the diff does not confirm dark mode');
    },
    screenshot: async (run) => {
      await run('screenshot', {});
      await run('tap', { target: await at('#tab-settings') });
      await run('screenshot', {});
      await run('tap', { target: await at('#toggle-dark') });
      await run('screenshot', {});
    },
    check: () => page.evaluate(() => document.body.classList.contains('dark')),
  },
  {
    name: '3 display name saved, confirmed',
    start: '#/home',
    outline: async (run) => {
      await run('outline', { interactive: true });
      await run('tap', { target: '#tab-settings' });
      await run('type', { target: '#display-name', text: 'Ada Lovelace', clear: true });
      const d = await run('tap', { target: '#save-settings' });
      if (!/Saved as Ada Lovelace/.test(String(d.diff))) throw new Error('the diff does not confirm the save');
    },
    screenshot: async (run) => {
      await run('screenshot', {});
      await run('tap', { target: await at('#tab-settings') });
      await run('screenshot', {});
      await run('type', { target: await at('#display-name'), text: 'Ada Lovelace', clear: true });
      await run('screenshot', {});
      await run('tap', { target: await at('#save-settings') });
      await run('screenshot', {});
    },
    check: () => page.evaluate(() => document.getElementById('settings-status')?.textContent === 'Saved as Ada Lovelace'),
  },
  {
    name: `2 ${AUTHOR}'s post far down, photo`,
    start: '#/home',
    outline: async (run) => {
      const seen = linesOf(String((await run('outline', {})).outline));
      for (let i = 0; !sawPost(seen); i++) {
        if (i === MAX_SCROLLS) throw new Error('the post did not show up');
        seen.push(...linesOf(String((await run('scroll-by', { dy: 600, target: '#feed' })).diff)));
      }
      const d = String((await run('tap', { target: `role=Image[label="Photo by ${AUTHOR}"]` })).diff);
      if (!d.includes(`Heading "${AUTHOR}"`) || !d.includes(SUBJECT)) throw new Error('the answer does not show the post opened');
    },
    screenshot: async (run) => {
      await run('screenshot', {});
      for (let i = 0; !(await photoInView()); i++) {
        if (i === MAX_SCROLLS) throw new Error('the post did not show up');
        await run('scroll-by', { dy: 600, target: FEED_POINT });
        await run('screenshot', {});
      }
      await run('tap', { target: await at(`${POST} img`) });
      await run('screenshot', {});
    },
    check: () =>
      page.evaluate(() => {
        const demo = (window as unknown as { __demo: { route: string; postId: number } }).__demo;
        return demo.route === 'post' && demo.postId === 46;
      }),
  },
  {
    name: '4 photo zoomed 2x, turned 90°',
    start: '#/post/46',
    outline: async (run) => {
      await run('outline', {});
      await run('pinch', { target: '#viewer', scale: 2 });
      const d = String((await run('rotate', { target: '#viewer', degrees: 90 })).diff);
      if (!/Image "Photo \d+ of \d+, zoom 2\.0x, rotated (8[6-9]|9[0-4])°"/.test(d)) throw new Error('the diff does not confirm 2x and 90°');
    },
    screenshot: async (run) => {
      await run('screenshot', {});
      const centre = await at('#viewer');
      await run('pinch', { target: centre, scale: 2 });
      await run('screenshot', {});
      await run('rotate', { target: centre, degrees: 90 });
      await run('screenshot', {});
    },
    check: zoomedAndTurned,
  },
];
tasks.sort((a, b) => a.name.localeCompare(b.name));

try {
  const rows: string[] = [];
  const fmt = (t: Tally) => `${String(t.calls).padStart(5)} ${String(t.bytes).padStart(8)} ${String(t.tokens).padStart(7)} ${String(t.images).padStart(6)} ${t.ms.toFixed(0).padStart(7)} ${t.ok ? '   yes' : '    no'}`;
  const totals = { outline: 0, screenshot: 0 };
  for (const task of tasks) {
    for (const way of ['outline', 'screenshot'] as const) {
      await reset(task.start);
      const a = agent();
      const start = performance.now();
      try {
        await task[way](a.run);
        a.tally.ok = await task.check();
      } catch (err) {
        console.error(`${task.name} (${way}): ${(err as Error).message}`);
      }
      a.tally.ms = performance.now() - start;
      totals[way] += a.tally.tokens;
      rows.push(`${task.name.padEnd(34)} ${way.padEnd(10)} ${fmt(a.tally)}`);
    }
  }
  console.log(`${'task'.padEnd(34)} ${'way'.padEnd(10)} calls    bytes  tokens images    ms  success`);
  for (const r of rows) console.log(r);
  console.log(`tokens, outline way / screenshot way: ${totals.outline} / ${totals.screenshot} = ${(totals.outline / totals.screenshot).toFixed(2)}`);
} finally {
  await session.close();
  await demo.close();
}
