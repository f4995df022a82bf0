import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Flow, FlowRun } from '../core/flows/flow-schema.js';
import { call, createToken, data, refOf, runCli, startWorkerLab, tempDataDir, waitFor, type WorkerLab } from './support/lab.js';

/**
 * Flows for real: an agent's session on a web device of the demo app is exported as a flow (and
 * as Maestro YAML) and run again on a fresh device through the CLI; a flow whose target is gone
 * stops at that step with its error envelope; hostile flows are refused before anything runs.
 */
const RECORDED = 'flow-web-1';
const FRESH = 'flow-web-2';

interface Lease {
  id: string;
  sessionId: string;
}

describe('flows: export a session, run it again on a fresh device', { concurrency: false }, () => {
  const files = tempDataDir();
  let lab: WorkerLab;
  let url: string;
  let agent: string;
  let sessionId: string;
  let flowFile: string;

  before(async () => {
    lab = await startWorkerLab({ workerId: 'flow', deviceId: FRESH, env: { SIMLAB_WEB_DEVICES: '2' } });
    url = lab.hub.url;
    agent = await createToken(url, lab.hub.adminToken as string, 'flow-agent', 'agent');
  });
  after(async () => {
    await lab?.close();
    files.remove();
  });

  const lease = async (deviceId: string) => data(await call<Lease>(url, 'POST', '/leases', agent, { deviceId }));
  const act = async (deviceId: string, command: string, args: unknown) => {
    const answer = await call(url, 'POST', `/devices/${deviceId}/${command}`, agent, args);
    assert.equal(answer.status, 200, JSON.stringify(answer.envelope));
  };
  const cli = (args: string[]) => runCli(args, { SIMLAB_HUB: url, SIMLAB_TOKEN: agent, SIMLAB_CREDENTIALS: join(files.dir, 'credentials.json') });

  test('a session by refs, points and ids exports as a flow of stable selectors, with Maestro YAML beside it', async () => {
    const held = await lease(RECORDED);
    sessionId = held.sessionId;
    await act(RECORDED, 'tap', { target: '#tab-settings' });
    const outline = data(await call<{ outline: string }>(url, 'GET', `/devices/${RECORDED}/outline`, agent)).outline;
    await act(RECORDED, 'tap', { target: refOf(outline, /Switch.*Dark/i) });
    await act(RECORDED, 'type', { target: '#display-name', text: 'Ada', clear: true });
    // A person's click on the stream is a point: the flow names what it hit instead.
    const screen = data(await call<{ outline: { elements: Array<{ id?: string; tap: { x: number; y: number } }> } }>(url, 'GET', `/devices/${RECORDED}/outline?format=json`, agent)).outline;
    const save = screen.elements.find((e) => e.id === 'save-settings');
    assert.ok(save);
    await act(RECORDED, 'tap', { target: save.tap });
    assert.equal((await call(url, 'DELETE', `/leases/${held.id}`, agent)).status, 200);

    flowFile = join(files.dir, 'flow.yaml');
    const exported = await cli(['flow', 'export', sessionId, '-o', flowFile]);
    assert.equal(exported.code, 0, exported.stderr);
    const flow = data(await call<{ flow: Flow }>(url, 'GET', `/sessions/${sessionId}/flow`, agent)).flow;
    assert.deepEqual(
      flow.steps.map((s) => [s.command, s.args.target]),
      [
        ['tap', '#tab-settings'],
        ['tap', '#toggle-dark'],
        ['type', '#display-name'],
        ['tap', '#save-settings'],
      ],
    );
    assert.ok(flow.steps.every((s) => s.expect !== undefined), 'each step carries its expected change');
    assert.match(flow.end?.screen ?? '', /Settings/);
    assert.match(readFileSync(flowFile, 'utf8'), /^flow: 1$/m, 'a .yaml file holds YAML');

    const maestroFile = join(files.dir, 'maestro.yaml');
    const maestro = await cli(['flow', 'export', sessionId, '-o', maestroFile, '--format', 'maestro']);
    assert.equal(maestro.code, 0, maestro.stderr);
    const yaml = readFileSync(maestroFile, 'utf8');
    assert.match(yaml, /^url: "http:\/\/127\.0\.0\.1:\d+"$/m);
    assert.match(yaml, /- tapOn:\n {4}id: "tab-settings"\n/);
    assert.match(yaml, /- tapOn:\n {4}id: "display-name"\n- eraseText\n- inputText: "Ada"\n/);
  });

  test('`simlab flow run` on a fresh device: every step ok, the same end screen, recorded; run again, its steps change differently', async () => {
    const held = await lease(FRESH);
    const first = await cli(['flow', 'run', flowFile, '--device', FRESH, '--json']);
    assert.equal(first.code, 0, first.stderr + first.stdout);
    const run = (JSON.parse(first.stdout) as { data: FlowRun }).data;
    assert.deepEqual(run.steps.map((s) => s.status), ['ok', 'ok', 'ok', 'ok'], JSON.stringify(run.steps, null, 2));
    assert.equal(run.endSame, true, run.endScreen);
    assert.ok(run.recordingId, 'the run is recorded');
    const log = data(await call<{ actions: Array<{ command: string }> }>(url, 'GET', `/sessions/${held.sessionId}/actions`, agent)).actions;
    assert.deepEqual(log.map((a) => a.command), ['tap', 'tap', 'type', 'tap'], 'each step is an action in the log');

    const again = await cli(['flow', 'run', flowFile, '--device', FRESH]);
    assert.equal(again.code, 0, again.stderr);
    // Already on Settings with the name typed: the tab and the name change nothing, the dark switch flips back.
    assert.match(again.stdout, /^step 1 tap: changed differently\nstep 2 tap: changed differently\n/, 'not the recorded changes');
    assert.match(again.stdout, /ended on another screen than the recorded one/);
    await call(url, 'DELETE', `/leases/${held.id}`, agent);
  });

  test('a flow stops at the first step whose target is gone, with that error envelope and the report so far', async () => {
    const held = await lease(FRESH);
    const flow: Flow = { flow: 1, steps: [{ command: 'tap', args: { target: '#tab-home' } }, { command: 'tap', args: { target: 'text="No such button"' } }, { command: 'tap', args: { target: '#tab-settings' } }] };
    const answer = await call<FlowRun>(url, 'POST', `/devices/${FRESH}/flows`, agent, { flow, record: false });
    assert.equal(answer.status, 404);
    assert.equal(answer.envelope.ok, false);
    if (answer.envelope.ok) return;
    const { error } = answer.envelope;
    assert.equal(error.code, 'NOT_FOUND');
    assert.match(error.message, /^step 2 \(tap\): /);
    assert.equal(error.details?.step, 2);
    assert.deepEqual((error.details?.run as FlowRun).steps.map((s) => s.status), ['ok', 'target_not_found']);
    const log = data(await call<{ actions: unknown[] }>(url, 'GET', `/sessions/${held.sessionId}/actions`, agent)).actions;
    assert.equal(log.length, 2, 'step 3 never ran');
    await call(url, 'DELETE', `/leases/${held.id}`, agent);
  });

  test('hostile flows are refused before any step runs: too many steps, bad arguments, observations, no lease, a YAML alias bomb', async () => {
    const tap = { command: 'tap', args: { target: '#tab-home' } };
    const refused = async (flow: unknown, code: string, status = 400) => {
      const answer = await call(url, 'POST', `/devices/${FRESH}/flows`, agent, { flow });
      assert.equal(answer.status, status, JSON.stringify(answer.envelope));
      assert.equal(answer.envelope.ok ? 'ok' : answer.envelope.error.code, code);
    };
    await refused({ flow: 1, steps: [tap] }, 'LEASE_REQUIRED', 428);
    const held = await lease(FRESH);
    await refused({ flow: 1, steps: Array.from({ length: 101 }, () => tap) }, 'INVALID_ARGS');
    await refused({ flow: 1, steps: [tap, { command: 'tap', args: { target: 'x'.repeat(600) } }] }, 'INVALID_ARGS');
    await refused({ flow: 1, steps: [tap, { command: 'tap', args: { target: { x: 1e9, y: 1 } } }] }, 'INVALID_ARGS');
    await refused({ flow: 1, steps: [tap, { command: 'outline', args: {} }] }, 'INVALID_ARGS');
    await refused({ flow: 1, steps: [tap, { command: 'shell', args: { cmd: 'id' } }] }, 'INVALID_ARGS');
    const log = data(await call<{ actions: unknown[] }>(url, 'GET', `/sessions/${held.sessionId}/actions`, agent)).actions;
    assert.equal(log.length, 0, 'nothing ran');

    const bomb = join(files.dir, 'bomb.yaml');
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)];
    writeFileSync(bomb, `${levels.join('\n')}\nflow: 1\nsteps: []\n`);
    const cliBomb = await cli(['flow', 'run', bomb, '--device', FRESH]);
    assert.equal(cliBomb.code, 2, cliBomb.stderr);
    assert.match(cliBomb.stderr, /not YAML|alias/i);
    await call(url, 'DELETE', `/leases/${held.id}`, agent);
    await waitFor('the lease gone', async () => (await call<{ lease: unknown }>(url, 'GET', `/devices/${FRESH}`, agent)).envelope.ok);
  });
});
