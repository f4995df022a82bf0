import { Command } from 'commander';
import { fail } from '../../core/contract/envelope.js';
import { labApi, resolveDevice, withDeviceOption, type LabOptions } from './context.js';
import { report } from './output.js';

type LogOptions = LabOptions & { session?: string; limit?: string };

interface LoggedAction {
  seq?: number;
  at?: string;
  actor?: string;
  command?: string;
  args?: unknown;
  envelope?: { ok?: boolean; error?: { code?: string } } | null;
}

export function logCommand(): Command {
  return withDeviceOption(new Command('log'))
    .description('the action log of a session (default: the latest session on the device)')
    .option('--session <id>', 'a session id (`simlab log --json` on a device shows them)')
    .option('--limit <n>', 'at most this many actions', '200')
    .action(async (options: LogOptions) => {
      const api = labApi(options);
      const limit = Number(options.limit);
      let sessionId = options.session;
      if (!sessionId) {
        const device = await resolveDevice(api, options, 'log', true);
        if (!device.ok) return report(device, options);
        const sessions = await api.sessions({ limit: 500 });
        if (!sessions.ok) return report(sessions, options);
        const latest = sessions.data.sessions.find((s) => s.deviceId === device.data);
        if (!latest) return report(fail('log', 'NOT_FOUND', `no session on ${device.data} yet`), options);
        sessionId = latest.id;
      }
      const answer = await api.sessionActions(sessionId, Number.isFinite(limit) && limit > 0 ? { limit } : {});
      report(answer, options, (data) => logText(sessionId, data.actions as LoggedAction[]));
    });
}

function logText(sessionId: string, actions: LoggedAction[]): string {
  if (actions.length === 0) return `session ${sessionId}: no actions`;
  const lines = actions.map((a) => {
    const at = a.at ?? '';
    const outcome = a.envelope == null ? 'in flight' : a.envelope.ok ? 'ok' : (a.envelope.error?.code ?? 'error');
    return `${String(a.seq ?? '').padStart(4)}  ${at}  ${a.actor ?? ''}  ${a.command ?? ''} ${JSON.stringify(a.args ?? {})}  -> ${outcome}`;
  });
  return [`session ${sessionId}`, ...lines].join('\n');
}
