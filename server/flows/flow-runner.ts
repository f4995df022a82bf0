import { CONTRACT_VERSION, SimlabError, ok, type Envelope, type ErrorBody } from '../../core/contract/index.js';
import type { Flow, FlowRun, FlowStepReport } from '../../core/flows/flow-schema.js';
import { changedAsExpected, screenContent } from '../../core/flows/screen-change.js';
import { admit } from '../../core/wire/admission.js';
import { NOT_IN_BATCH, isCommandName, type CommandName } from '../../core/wire/commands.js';
import type { Actor } from '../auth/actor.js';
import type { HubServices } from '../api/services.js';

/** Codes that mean the step's element was not where the flow expected it. */
const TARGET_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'STALE_REF', 'AMBIGUOUS_TARGET']);

export interface FlowRunOptions {
  /** Record the lease while the flow runs (default true). */
  record: boolean;
  /** Each step's deadline. */
  deadlineMs: number;
}

/** Every step is checked (name, arguments against its schema, capabilities) before the first is sent. */
function admitAll(flow: Flow, device: Parameters<typeof admit>[2]): Array<{ command: CommandName; args: Record<string, unknown> }> {
  return flow.steps.map((step, i) => {
    if (isCommandName(step.command) && NOT_IN_BATCH.has(step.command) && step.command !== 'batch') {
      throw new SimlabError('INVALID_ARGS', `step ${i + 1}: ${step.command} is an observation, not a step of a flow`, { details: { step: i + 1 } });
    }
    try {
      const admitted = admit(step.command, step.args, device);
      return { command: admitted.command, args: admitted.args as Record<string, unknown> };
    } catch (err) {
      if (err instanceof SimlabError) throw new SimlabError(err.code, `step ${i + 1} (${step.command}): ${err.message}`, { ...err.options, details: { step: i + 1, ...err.options.details } });
      throw err;
    }
  });
}

function stepError(err: unknown): ErrorBody {
  return (err instanceof SimlabError ? err : new SimlabError('INTERNAL', String(err))).toBody();
}

/**
 * Runs a flow on the caller's leased device: each step goes through the same path as any action
 * (lease, action log, recording), in order, stopping at the first that fails with that step's
 * error envelope (its code kept; the report so far in details). A step that ran is `ok` when it
 * changed the screen as the recorded one did, else `changed`; at the end the screen is compared
 * with the flow's end screen by content.
 */
export async function runFlow(s: HubServices, actor: Actor, deviceId: string, flow: Flow, options: FlowRunOptions): Promise<Envelope<FlowRun>> {
  const command = 'flow.run';
  const view = s.workers.device(deviceId);
  if (!view) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`, { hint: 'GET /api/v1/devices lists them' });
  const lease = await s.leases.require(actor, deviceId);
  const steps = admitAll(flow, view.descriptor);
  const recording = options.record ? await s.recordings.setWanted(lease, true) : await s.recordings.state(lease);
  const reports: FlowStepReport[] = [];
  const run = (): FlowRun => ({ steps: reports, endSame: null, recordingId: recording.recordingId });
  for (const [i, step] of steps.entries()) {
    const expect = flow.steps[i]?.expect;
    let envelope: Envelope;
    try {
      envelope = await s.actions.act(actor, deviceId, step.command, step.args, options.deadlineMs);
    } catch (err) {
      envelope = { version: CONTRACT_VERSION, ok: false, command: step.command, error: stepError(err) };
    }
    if (!envelope.ok) {
      const error = envelope.error;
      reports.push({ step: i + 1, command: step.command, status: TARGET_CODES.has(error.code) ? 'target_not_found' : 'failed', error: error.code, ...(expect ? { expect } : {}) });
      return {
        version: CONTRACT_VERSION,
        ok: false,
        command,
        error: { ...error, message: `step ${i + 1} (${step.command}): ${error.message}`, details: { ...error.details, step: i + 1, run: run() } },
      };
    }
    const diff = typeof (envelope.data as { diff?: unknown }).diff === 'string' ? ((envelope.data as { diff: string }).diff) : undefined;
    const same = expect === undefined || diff === undefined || changedAsExpected(expect, diff);
    reports.push({ step: i + 1, command: step.command, status: same ? 'ok' : 'changed', ...(diff === undefined ? {} : { diff }), ...(expect ? { expect } : {}) });
  }
  const result = run();
  if (flow.end) {
    const seen = await s.actions.observe(actor, deviceId, 'outline', { format: 'text' }, options.deadlineMs);
    const outline = seen.ok ? (seen.data as { outline?: unknown }).outline : undefined;
    if (typeof outline === 'string') {
      const screen = screenContent(outline);
      result.endSame = screen === flow.end.screen;
      if (!result.endSame) result.endScreen = screen;
    }
  }
  return ok(command, result);
}
