// How soon the next command runs after one that overran its deadline, before vs after the
// deadline reached the device session (issue 9; issue 18, item 3), side by side in one run on
// one web device (headless Chromium, demo app):
// - before: the old wiring, where the worker raced the session against the deadline and
//   answered TIMEOUT while the session went on (its own clean-up came only at its 90 s default);
// - after: the deadline passed down, the command given up at it and its fingers lifted.
// Two overruns: a 20 s hold with a 2 s deadline, and a scroll-by of the largest distance the wire
// takes with a 3 s deadline. Each is followed by a tap with a 2 s deadline; the figure is the
// tap's latency as a multiple of that deadline (under 1: answered in time).
// Last, the same hold and tap through the hub's REST API (release, next holder) with the new wiring.
// Run: npx tsx bench/hand-over.ts
import { setTimeout as sleep } from 'node:timers/promises';
import type { Envelope } from '../core/contract/envelope.js';
import { MAX_SCROLL_PTS } from '../core/wire/commands.js';
import { workerDeadlineMs } from '../core/wire/worker-protocol.js';
import { DEVICE_ID, hold, startHandOverLab, type HandOverLab } from '../test/support/hand-over-lab.js';

const TAP_DEADLINE_MS = 2000;
const TAP = { target: { x: 200, y: 400 } };

interface Overrun {
  name: string;
  command: string;
  args: unknown;
  deadlineMs: number;
}

const OVERRUNS: Overrun[] = [
  { name: '20 s hold, 2 s deadline', command: 'perform', args: hold(20_000), deadlineMs: 2000 },
  { name: `scroll-by ${MAX_SCROLL_PTS} pt, 3 s deadline`, command: 'scroll-by', args: { dy: MAX_SCROLL_PTS }, deadlineMs: 3000 },
];

function outcome(envelope: Envelope): string {
  return envelope.ok ? 'ok' : envelope.error.code;
}

/** The old worker: answer TIMEOUT at the budget, leave the session running without a deadline. */
async function overrunBefore(lab: HandOverLab, o: Overrun): Promise<string> {
  const running = lab.session.execute(o.command, o.args, { leaseId: 'first' });
  const answer = await Promise.race([running, sleep(workerDeadlineMs(o.deadlineMs)).then(() => 'TIMEOUT (worker race)')]);
  return typeof answer === 'string' ? answer : outcome(answer);
}

async function overrunAfter(lab: HandOverLab, o: Overrun): Promise<string> {
  return outcome(await lab.session.execute(o.command, o.args, { leaseId: 'first', deadlineMs: workerDeadlineMs(o.deadlineMs) }));
}

/** The next holder's tap: its latency as a multiple of its deadline. */
async function nextTap(lab: HandOverLab): Promise<{ ratio: number; outcome: string }> {
  const started = performance.now();
  const envelope = await lab.session.execute('tap', TAP, { leaseId: 'second' });
  return { ratio: (performance.now() - started) / TAP_DEADLINE_MS, outcome: outcome(envelope) };
}

async function main(): Promise<void> {
  const lab = await startHandOverLab();
  try {
    for (const o of OVERRUNS) {
      const before = await overrunBefore(lab, o);
      const tapBefore = await nextTap(lab);
      // Let anything the old wiring left running finish before the new one is measured.
      await lab.session.execute('outline', {}, { leaseId: 'second' });
      const after = await overrunAfter(lab, o);
      const tapAfter = await nextTap(lab);
      console.log(
        `${o.name}: next tap at x${tapBefore.ratio.toFixed(2)} of its deadline before (${before}; tap ${tapBefore.outcome}), ` +
          `x${tapAfter.ratio.toFixed(2)} after (${after}; tap ${tapAfter.outcome}); ${(tapBefore.ratio / tapAfter.ratio).toFixed(1)}x sooner`,
      );
    }
    const first = await lab.lease(lab.tokens.first);
    const held = await lab.call('POST', `/devices/${DEVICE_ID}/perform`, lab.tokens.first, hold(20_000), 2000);
    await lab.call('DELETE', `/leases/${first}`, lab.tokens.first);
    await lab.lease(lab.tokens.second);
    const tap = await lab.call('POST', `/devices/${DEVICE_ID}/tap`, lab.tokens.second, TAP, TAP_DEADLINE_MS);
    console.log(
      `REST, 20 s hold with a 2 s deadline (${outcome(held.envelope)} at x${(held.ms / 2000).toFixed(2)} of it), release, next holder's tap: ` +
        `${outcome(tap.envelope)} at x${(tap.ms / TAP_DEADLINE_MS).toFixed(2)} of its deadline`,
    );
  } finally {
    await lab.close();
  }
}

await main();
