import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ok, type Envelope } from '../../core/contract/envelope.js';
import { MAX_EVIDENCE_THUMBNAIL_BYTES, type CommandMessage } from '../../core/wire/worker-protocol.js';
import type { DeviceBridge } from '../bridge.js';
import type { ActionEvidence } from '../session/action-evidence.js';
import { runCommand } from './run-command.js';
import type { ExecuteContext, WorkerDevice } from './worker-device.js';

const message = (deadlineMs: number): CommandMessage => ({
  requestId: 'r1',
  deviceId: 'd1',
  command: 'tap',
  args: { target: '@1' },
  deadlineMs,
  leaseId: 'lease_1',
  actor: { tokenId: 't', name: 'agent', role: 'agent' },
});

/** The trace a tap's session evidence carries. */
const TRACE = { before: 'aaaa', after: 'bbbb', diff: '+ @3 Button "Settings"' };

/** A device whose session answers after `ms` with a tap result and the evidence `seen`; it keeps the contexts it was given. */
function deviceAnsweringAfter(ms: number, seen: ActionEvidence = TRACE, contexts: ExecuteContext[] = []): WorkerDevice {
  return {
    id: 'd1',
    bridge: {} as DeviceBridge,
    session: {
      executeWithEvidence: (command: string, _args: unknown, context: ExecuteContext) => {
        contexts.push(context);
        return new Promise<{ envelope: Envelope; evidence: ActionEvidence }>((resolve) =>
          setTimeout(() => resolve({ envelope: ok(command, TRACE), evidence: seen }), ms),
        );
      },
      endLease: () => undefined,
    },
  };
}

test('an answer within the deadline goes back with its evidence for the action log', async () => {
  const result = await runCommand(deviceAnsweringAfter(5), message(5000));
  assert.equal(result.envelope.ok, true);
  assert.deepEqual(result.evidence, { before: 'aaaa', after: 'bbbb', diff: '+ @3 Button "Settings"' });
});

test('the outlines and thumbnail the session saw go back with the evidence; an oversized thumbnail is left out', async () => {
  const seen = { ...TRACE, outlineBefore: 'App: demo  before', outlineAfter: 'App: demo  after', thumbnail: Buffer.from([0xff, 0xd8, 0xff]) };
  const result = await runCommand(deviceAnsweringAfter(1, seen), message(5000));
  const { thumbnail, ...rest } = result.evidence ?? {};
  assert.deepEqual(rest, { before: 'aaaa', after: 'bbbb', diff: '+ @3 Button "Settings"', outlineBefore: seen.outlineBefore, outlineAfter: seen.outlineAfter });
  assert.deepEqual(Buffer.from(thumbnail ?? []), seen.thumbnail);
  const big = await runCommand(deviceAnsweringAfter(1, { ...seen, thumbnail: Buffer.alloc(MAX_EVIDENCE_THUMBNAIL_BYTES + 1) }), message(5000));
  assert.equal(big.envelope.ok, true);
  assert.equal(big.evidence?.thumbnail, undefined);
  assert.equal(big.evidence?.outlineAfter, 'App: demo  after');
});

test("the hub's deadline goes down to the session, which gives the command up at it", async () => {
  const contexts: ExecuteContext[] = [];
  await runCommand(deviceAnsweringAfter(1, {}, contexts), message(1234));
  assert.deepEqual(contexts, [{ leaseId: 'lease_1', actor: message(1).actor, deadlineMs: 1234 }]);
});

test('a device this worker does not have is DEVICE_UNAVAILABLE, not delivered', async () => {
  const result = await runCommand(undefined, message(1000));
  assert.equal(result.envelope.ok ? '' : result.envelope.error.code, 'DEVICE_UNAVAILABLE');
  assert.equal(result.envelope.ok ? '' : result.envelope.error.disposition.retry, 'safe');
});
