import { SimlabError, type Envelope } from '../../core/contract/index.js';
import { admit } from '../../core/wire/admission.js';
import type { CommandName } from '../../core/wire/commands.js';
import type { Actor } from '../auth/actor.js';
import type { DeviceView, WorkerHub } from '../fleet/worker-hub.js';
import type { LeaseManager } from '../leases/lease-manager.js';
import type { Store } from '../store/store.js';
import type { ActionLog } from './action-log.js';

/**
 * Device commands as every front end of the hub runs them (REST, the dashboard's socket): admitted
 * (core/wire/admission.ts), checked against the lease, logged, routed to the owning worker.
 */
export class Actions {
  constructor(
    private readonly store: Store,
    private readonly leases: LeaseManager,
    private readonly workers: WorkerHub,
    private readonly log: ActionLog,
  ) {}

  /**
   * An action: needs the caller's lease, is written to the action log before it is sent and
   * completed with its envelope before the answer goes out.
   */
  async act(actor: Actor, deviceId: string, command: CommandName, rawArgs: unknown, deadlineMs: number): Promise<Envelope> {
    const view = this.deviceOf(deviceId);
    const lease = await this.leases.require(actor, deviceId);
    const { args } = admit(command, rawArgs, view.descriptor);
    const session = await this.store.sessionOfLease(lease.id);
    if (!session) throw new SimlabError('INTERNAL', `lease ${lease.id} has no session`);
    const action = await this.log.begin(actor, lease, session.id, command, args);
    const result = await this.workers.dispatch({ deviceId, command, args, leaseId: lease.id, actor, deadlineMs });
    await this.log.finish(action, result);
    await this.store.touchLease(lease.id, Date.now());
    return result.envelope;
  }

  /**
   * An observation: anyone who may watch may observe. Refs (`@N`) belong to the lease that took
   * the snapshot, so a watcher without the lease gets a scope of its own.
   */
  async observe(actor: Actor, deviceId: string, command: CommandName, rawArgs: unknown, deadlineMs: number): Promise<Envelope> {
    const view = this.deviceOf(deviceId);
    const { args } = admit(command, rawArgs, view.descriptor);
    const lease = await this.leases.heldBy(actor, deviceId);
    if (lease) await this.store.touchLease(lease.id, Date.now());
    const result = await this.workers.dispatch({ deviceId, command, args, leaseId: lease?.id ?? `watch:${actor.tokenId}`, actor, deadlineMs });
    return result.envelope;
  }

  private deviceOf(deviceId: string): DeviceView {
    const view = this.workers.device(deviceId);
    if (!view) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`, { hint: 'GET /api/v1/devices lists them' });
    return view;
  }
}
