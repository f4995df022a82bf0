// A deadline, a release or a revoked lease cancels what is running on the device before the
// device is handed on (issue 9; issue 18, item 3): a hold that overruns its deadline lifts its
// finger, and the next holder's command is not stuck behind it. Real hub, worker connection and
// web device (headless Chromium).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEVICE_ID, fingersLiftedWithin, hold, startHandOverLab, type HandOverLab } from './support/hand-over-lab.js';

/** Far longer than any deadline below: a command still held behind it would show. */
const HOLD_MS = 20_000;

function code(envelope: { ok: boolean; error?: { code: string } }): string {
  return envelope.ok ? 'ok' : (envelope.error?.code ?? '?');
}

describe('handing a device over', () => {
  let lab: HandOverLab;

  before(async () => {
    lab = await startHandOverLab();
  });
  after(async () => {
    await lab?.close();
  });

  it('a hold past its deadline answers TIMEOUT, lifts its finger, and the next holder is not kept waiting', async () => {
    const leaseId = await lab.lease(lab.tokens.first);
    const deadlineMs = 2000;
    const held = await lab.call('POST', `/devices/${DEVICE_ID}/perform`, lab.tokens.first, hold(HOLD_MS), deadlineMs);
    assert.equal(code(held.envelope), 'TIMEOUT');
    assert.ok(held.ms < HOLD_MS / 2, `answered after ${Math.round(held.ms)} ms`);
    assert.notEqual(await fingersLiftedWithin(lab, 1000), undefined, 'the finger is up once TIMEOUT is answered');

    await lab.call('DELETE', `/leases/${leaseId}`, lab.tokens.first);
    const next = await lab.lease(lab.tokens.second);
    const tap = await lab.call('POST', `/devices/${DEVICE_ID}/tap`, lab.tokens.second, { target: { x: 200, y: 400 } }, 10_000);
    assert.equal(code(tap.envelope), 'ok');
    // Behind the hold the tap would have waited out the rest of its 20 s.
    assert.ok(tap.ms < HOLD_MS / 2, `the next tap took ${Math.round(tap.ms)} ms`);
    await lab.call('DELETE', `/leases/${next}`, lab.tokens.second);
  });

  it('a long-press past its deadline answers TIMEOUT with its finger lifted', async () => {
    const leaseId = await lab.lease(lab.tokens.first);
    const deadlineMs = 1500;
    const pressed = await lab.call('POST', `/devices/${DEVICE_ID}/long-press`, lab.tokens.first, { target: { x: 200, y: 600 }, ms: 10_000 }, deadlineMs);
    assert.equal(code(pressed.envelope), 'TIMEOUT');
    assert.notEqual(await fingersLiftedWithin(lab, 1000), undefined, 'the finger is up once TIMEOUT is answered');
    await lab.call('DELETE', `/leases/${leaseId}`, lab.tokens.first);
  });

  it('revoking a lease cuts its running hold short, and the next holder acts at once', async () => {
    const leaseId = await lab.lease(lab.tokens.first);
    const holding = lab.call('POST', `/devices/${DEVICE_ID}/perform`, lab.tokens.first, hold(HOLD_MS), 30_000);
    for (let i = 0; i < 250 && (await lab.touching()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await lab.touching(), 1, 'the hold is under way');
    const revoked = await lab.call('POST', `/leases/${leaseId}/revoke`, lab.tokens.admin);
    assert.equal(code(revoked.envelope), 'ok');
    const cut = await holding;
    assert.equal(code(cut.envelope), 'LEASE_REQUIRED');
    assert.ok(cut.ms < HOLD_MS / 2, `the revoked hold answered after ${Math.round(cut.ms)} ms`);
    assert.notEqual(await fingersLiftedWithin(lab, 1000), undefined, 'the revoked hold lifted its finger');

    await lab.lease(lab.tokens.second);
    const tap = await lab.call('POST', `/devices/${DEVICE_ID}/tap`, lab.tokens.second, { target: { x: 200, y: 400 } }, 10_000);
    assert.equal(code(tap.envelope), 'ok');
    assert.ok(tap.ms < HOLD_MS / 2, `the next tap took ${Math.round(tap.ms)} ms`);
  });
});
