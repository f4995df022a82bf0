/**
 * The device session: one object per device that every front end drives (the REST API
 * through the worker, the CLI, the dashboard).
 *
 *   const session = new DeviceSession(bridge, options?);
 *   const envelope = await session.execute('tap', { target: '@7' }, { leaseId });
 *
 * `execute` never throws: every outcome is an envelope of core/contract with an honest
 * delivery. Commands and their arguments are those of core/wire/commands.ts.
 */
export { DeviceSession, type DeviceSessionOptions, type SessionContext, } from './device-session.js';
export type { ActionData } from '../../core/wire/action-data.js';
