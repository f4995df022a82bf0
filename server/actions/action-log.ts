import { randomUUID } from 'node:crypto';
import type { CommandName } from '../../core/wire/commands.js';
import type { CommandResult } from '../../core/wire/worker-protocol.js';
import type { Actor } from '../auth/actor.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { saveActionMedia } from '../recordings/action-media-store.js';
import type { ActionRecord, LeaseRecord, Store } from '../store/store.js';
import type { ActionFeed } from './action-feed.js';

/**
 * The action log (DESIGN.md section 8): an action is written before it is sent and completed with
 * its envelope and evidence before the answer goes out; both steps are told to the live feed.
 */
export class ActionLog {
  constructor(
    private readonly store: Store,
    private readonly blobs: BlobStore,
    private readonly feed: ActionFeed,
  ) {}

  async begin(actor: Actor, lease: LeaseRecord, sessionId: string, command: CommandName, args: unknown): Promise<ActionRecord> {
    const action = await this.store.beginAction({
      id: `act_${randomUUID()}`,
      sessionId,
      leaseId: lease.id,
      deviceId: lease.deviceId,
      tokenId: actor.tokenId,
      actor: actor.name,
      at: Date.now(),
      command,
      args,
    });
    this.feed.publish({ kind: 'begun', action });
    return action;
  }

  async finish(action: ActionRecord, result: CommandResult): Promise<void> {
    const { media, screenshotBefore, screenshotAfter, ...logged } = result.evidence ?? {};
    const outcome = { envelope: result.envelope, ...logged, finishedAt: Date.now() };
    await this.store.finishAction(action.id, outcome);
    if (media || screenshotBefore || screenshotAfter) {
      // The video link and full-size screenshots are evidence beside the log: losing them never fails the action.
      await saveActionMedia(this.blobs, action.sessionId, action.id, { media, screenshotBefore, screenshotAfter }).catch(() => undefined);
    }
    this.feed.publish({
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
  }
}
