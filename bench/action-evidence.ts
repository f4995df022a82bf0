// What the action log's evidence (both outlines as text, a thumbnail after) adds to a tap on the
// web device: the same tap with and without it, alternating, on one device session; then the
// thumbnail capture alone and the bytes each action carries.
// Run: npx tsx bench/action-evidence.ts [--rounds 10]
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { median } from '../core/lists/geometry.js';
import { launchWebDevice, startDemoServer } from '../workers/bridges/web/index.js';
import { takeThumbnail } from '../workers/session/action-evidence.js';
import { DeviceSession } from '../workers/session/device-session.js';

const { values: opts } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const ROUNDS = Number(opts.rounds);

const f1 = (n: number): string => n.toFixed(1);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

const server = await startDemoServer();
const device = await launchWebDevice({ url: server.url });
const session = new DeviceSession(device);
try {
  const tap = { target: '#tab-home' };
  await session.execute('outline', {});
  await session.execute('tap', tap);
  const plain: number[] = [];
  const withEvidence: number[] = [];
  const thumbnails: number[] = [];
  let thumbnail: Buffer | undefined;
  let outlineChars = 0;
  for (let i = 0; i < ROUNDS; i++) {
    plain.push(await timed(() => session.execute('tap', tap)));
    withEvidence.push(
      await timed(async () => {
        const { evidence } = await session.executeWithEvidence('tap', tap);
        thumbnail = evidence.thumbnail;
        outlineChars = (evidence.outlineBefore?.length ?? 0) + (evidence.outlineAfter?.length ?? 0);
      }),
    );
    thumbnails.push(await timed(() => takeThumbnail(device)));
  }
  const width = thumbnail ? (await sharp(thumbnail).metadata()).width : 0;
  console.log(`${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}; ${ROUNDS} rounds, medians in ms`);
  console.log(`tap #tab-home without evidence   ${f1(median(plain))}`);
  console.log(`tap #tab-home with evidence      ${f1(median(withEvidence))}  (+${f1(median(withEvidence) - median(plain))}, x${(median(withEvidence) / median(plain)).toFixed(2)})`);
  console.log(`thumbnail capture alone          ${f1(median(thumbnails))}  (${width} px wide, ${thumbnail?.byteLength ?? 0} bytes)`);
  console.log(`outline text per action          ${outlineChars} chars (before + after)`);
} finally {
  await session.close();
  await server.close();
}

