import { randomUUID } from 'node:crypto';
import { SimlabError, type Envelope } from '../../core/contract/index.js';
import { admit } from '../../core/wire/admission.js';
import type { CommandName } from '../../core/wire/commands.js';
import type { Actor } from '../auth/actor.js';
import { actionFeedOf } from './action-feed.js';
import type { HubServices } from '../api/services.js';
import type { DeviceView } from '../fleet/worker-hub.js';
import { saveActionMedia } from '../recordings/action-media-store.js';

export const DEFAULT_DEADLINE_MS = 30_000;
export const MAX_DEADLINE_MS = 120_000;
export const DEADLINE_HEADER = 'x-simlab-deadline-ms';

/** The caller's deadline from the X-Simlab-Deadline-Ms header, else the default. */
export function deadlineOf(headers: Record<string, string | string[] | undefined>): number {
  const raw = headers[DEADLINE_HEADER];
  if (raw === undefined) return DEFAULT_DEADLINE_MS;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 100 && n <= MAX_DEADLINE_MS)) {
    throw new SimlabError('INVALID_ARGS', `${DEADLINE_HEADER} must be an integer from 100 to ${MAX_DEADLINE_MS}`);
  }
  return n;
}

function deviceOf(s: HubServices, deviceId: string): DeviceView {
  const view = s.workers.device(deviceId);
  if (!view) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`, { hint: 'GET /api/v1/devices lists them' });
  return view;
}

/**
 * An action: needs the caller's lease, is written to the action log before it is sent and
 * completed with its envelope before the answer goes out.
 */
export async function runAction(s: HubServices, actor: Actor, deviceId: string, command: CommandName, args: unknown, deadlineMs: number): Promise<Envelope> {
  const view = deviceOf(s, deviceId);
  const lease = await s.leases.require(actor, deviceId);
  ({ args } = admit(command, args, view.descriptor));
  const session = await s.store.sessionOfLease(lease.id);
  if (!session) throw new SimlabError('INTERNAL', `lease ${lease.id} has no session`);
  const action = await s.store.beginAction({
    id: `act_${randomUUID()}`,
    sessionId: session.id,
    leaseId: lease.id,
    deviceId,
    tokenId: actor.tokenId,
    actor: actor.name,
    at: Date.now(),
    command,
    args,
  });
  actionFeedOf(s).publish({ kind: 'begun', action });
  const result = await s.workers.dispatch({ deviceId, command, args, leaseId: lease.id, actor, deadlineMs });
  const { media: _media, screenshotBefore: _before, screenshotAfter: _after, ...logged } = result.evidence ?? {};
  const outcome = { envelope: result.envelope, ...logged, finishedAt: Date.now() };
  await s.store.finishAction(action.id, outcome);
  const { media, screenshotBefore, screenshotAfter } = result.evidence ?? {};
  if (media || screenshotBefore || screenshotAfter) {
    // The video link and full-size screenshots are evidence beside the log: losing them never fails the action.
    await saveActionMedia(s.blobs, session.id, action.id, { media, screenshotBefore, screenshotAfter }).catch(() => undefined);
  }
  actionFeedOf(s).publish({
    kind: 'finished',
    action: {
      ...action,
      envelope: outcome.envelope,
      before: outcome.before ?? null,
      after: outcome.after ?? null,
      diff: outcome.diff ?? null,
      outlineBefore: outcome.outlineBefore ?? null,
      outlineAfter: outcome.outlineAfter ?? null,
      hasThumbnail: outcome.thumbnail !== undefined,
      finishedAt: outcome.finishedAt,
    },
  });
  await s.store.touchLease(lease.id, Date.now());
  return result.envelope;
}

/**
 * An observation: anyone who may watch may observe. Refs (`@N`) belong to the lease that took
 * the snapshot, so a watcher without the lease gets a scope of its own.
 */
export async function runObserve(s: HubServices, actor: Actor, deviceId: string, command: CommandName, args: unknown, deadlineMs: number): Promise<Envelope> {
  const view = deviceOf(s, deviceId);
  ({ args } = admit(command, args, view.descriptor));
  const lease = await s.leases.heldBy(actor, deviceId);
  if (lease) await s.store.touchLease(lease.id, Date.now());
  const result = await s.workers.dispatch({ deviceId, command, args, leaseId: lease?.id ?? `watch:${actor.tokenId}`, actor, deadlineMs });
  return result.envelope;
}
