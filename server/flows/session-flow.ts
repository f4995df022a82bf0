import { SimlabError } from '../../core/contract/index.js';
import { flowFromActions } from '../../core/flows/flow-from-actions.js';
import type { Flow } from '../../core/flows/flow-schema.js';
import { maestroYaml, type MaestroFlow } from '../../core/flows/maestro.js';
import type { HubServices } from '../api/services.js';
import { readableBy, type Reader } from '../actions/secret-text.js';

/** Most actions read from one session's log to make a flow of (a range of it picks the steps). */
const MAX_SESSION_ACTIONS = 5000;

export interface SessionFlow {
  flow: Flow;
  maestro: MaestroFlow;
}

/**
 * A session's actions as a flow and as Maestro YAML. `from`/`to` are action positions in the
 * session's log (1-based, as the replay numbers its steps), both included.
 */
export async function sessionFlow(s: HubServices, sessionId: string, range: { from?: number; to?: number; name?: string }, reader: Reader | null): Promise<SessionFlow> {
  const session = await s.store.getSession(sessionId);
  if (!session) throw new SimlabError('NOT_FOUND', `no session ${sessionId}`);
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) throw new SimlabError('INVALID_ARGS', `from ${range.from} is after to ${range.to}`);
  const actions = await s.store.listActions(session.id, { limit: MAX_SESSION_ACTIONS });
  const picked = actions.slice((range.from ?? 1) - 1, range.to ?? actions.length).map((a) => readableBy(a, reader));
  const flow = flowFromActions(
    picked.map((a) => ({ command: a.command, args: a.args, envelope: a.envelope, diff: a.diff, outlineBeforeText: a.outlineBefore, outlineAfterText: a.outlineAfter })),
    { session: session.id, ...(range.name === undefined ? {} : { name: range.name }) },
  );
  return { flow, maestro: maestroYaml(flow) };
}
