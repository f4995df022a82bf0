import { SimlabError, fail, failFrom, type Envelope } from '../../../core/contract/index.js';
import { OBSERVE_COMMANDS, isCommandName } from '../../../core/wire/commands.js';
import { ControlSchema } from '../../../core/wire/ui-protocol.js';
import { DEFAULT_DEADLINE_MS } from '../../actions/deadline.js';
import type { HubServices } from '../../api/services.js';
import { resolveActor } from '../../auth/actor.js';
import { roleAtLeast } from '../../auth/roles.js';
import { parseMessage, replyOf, type Viewer } from '../viewer.js';

/** `control`: a device action from the page, run exactly as REST runs it, under the same lease rules. */
export function control(s: HubServices, viewer: Viewer) {
  return async (raw: unknown, ack: unknown): Promise<void> => {
    const reply = replyOf<Envelope>(ack);
    const command = typeof (raw as { command?: unknown } | null)?.command === 'string' ? (raw as { command: string }).command : 'control';
    try {
      const message = parseMessage(ControlSchema, raw);
      // The token is read again: a page must not act on a session that was revoked meanwhile.
      const actor = await resolveActor(viewer.socket.handshake.headers, s.verifier, viewer.socket.handshake.address);
      if (!roleAtLeast(actor.role, 'agent')) throw new SimlabError('FORBIDDEN', `a ${actor.role} token may watch but never act`);
      if (!isCommandName(message.command) || OBSERVE_COMMANDS.has(message.command)) {
        throw new SimlabError('INVALID_ARGS', `${message.command} is not a device action`);
      }
      reply(await s.actions.act(actor, message.deviceId, message.command, message.args ?? {}, DEFAULT_DEADLINE_MS));
    } catch (err) {
      reply(err instanceof SimlabError ? failFrom(command, err) : fail(command, 'INTERNAL', 'the control message failed'));
    }
  };
}
