import type { Envelope } from '../../core/contract/envelope.js';
import type { DeviceJson, LeaseJson, SessionJson, TokenJson } from '../../core/wire/api-views.js';
import type { Flow, FlowRun } from '../../core/flows/flow-schema.js';
import type { MaestroFlow } from '../../core/flows/maestro.js';
import type { RecordingStateJson } from '../../core/wire/replay-views.js';
import type { HubClient } from './client.js';

export interface OutlineQuery {
  format?: 'text' | 'json';
  interactive?: boolean;
  since?: string;
  wait?: boolean;
}

export interface ScreenshotQuery {
  scale?: number;
  format?: 'jpeg' | 'png';
  crop?: string;
}

const enc = encodeURIComponent;

/** Every /api/v1 route the CLI uses, in one place. */
export class LabApi {
  constructor(readonly client: HubClient) {}

  devices(): Promise<Envelope<{ devices: DeviceJson[] }>> {
    return this.client.request('devices', 'GET', '/devices');
  }

  device(id: string): Promise<Envelope<DeviceJson>> {
    return this.client.request('device', 'GET', `/devices/${enc(id)}`);
  }

  /** Every live lease in the lab, anyone's. */
  leases(): Promise<Envelope<{ leases: LeaseJson[] }>> {
    return this.client.request('leases', 'GET', '/leases');
  }

  acquireLease(options: { deviceId: string; waitMs?: number }): Promise<Envelope<LeaseJson>> {
    const body: Record<string, unknown> = { deviceId: options.deviceId };
    if (options.waitMs !== undefined) Object.assign(body, { wait: true, timeoutMs: options.waitMs });
    return this.client.request('lease', 'POST', '/leases', { body, timeoutMs: (options.waitMs ?? 0) + 30_000 });
  }

  releaseLease(leaseId: string): Promise<Envelope<unknown>> {
    return this.client.request('release', 'DELETE', `/leases/${enc(leaseId)}`);
  }

  /** Turns recording of a lease on or off. */
  setRecording(leaseId: string, on: boolean): Promise<Envelope<RecordingStateJson>> {
    return this.client.request(on ? 'record.start' : 'record.stop', 'POST', `/leases/${enc(leaseId)}/recording`, { body: { on } });
  }

  /** Whether a lease is recorded now, and why not when its recording ended by itself. */
  recordingState(leaseId: string): Promise<Envelope<RecordingStateJson>> {
    return this.client.request('record.status', 'GET', `/leases/${enc(leaseId)}/recording`);
  }

  /** A session's evidence bundle (zip bytes). */
  evidence(sessionId: string): Promise<Envelope<Buffer>> {
    return this.client.download('evidence.export', `/sessions/${enc(sessionId)}/evidence`);
  }

  /** A clip of a session's recording (MP4 or GIF bytes), by steps or by time. */
  clip(sessionId: string, query: { format: 'mp4' | 'gif'; from?: number; to?: number; recording?: string; start?: number; end?: number; width?: number }): Promise<Envelope<Buffer>> {
    return this.client.download('clip', `/sessions/${enc(sessionId)}/clip`, 5 * 60_000, { ...query });
  }

  /** A session's actions as a flow, and as Maestro YAML. */
  flowExport(sessionId: string, query: { from?: number; to?: number; name?: string }): Promise<Envelope<{ flow: Flow; maestro: MaestroFlow }>> {
    return this.client.request('flow.export', 'GET', `/sessions/${enc(sessionId)}/flow`, { query: { ...query } });
  }

  /** Runs a flow on a leased device; each step may take up to the hub's deadline, so the wait grows with the steps. */
  runFlow(deviceId: string, flow: unknown, record: boolean, steps: number): Promise<Envelope<FlowRun>> {
    return this.client.request('flow.run', 'POST', `/devices/${enc(deviceId)}/flows`, { body: { flow, record }, timeoutMs: Math.min(60 * 60_000, (steps + 2) * 60_000) });
  }

  outline(deviceId: string, query: OutlineQuery): Promise<Envelope<unknown>> {
    return this.client.request('outline', 'GET', `/devices/${enc(deviceId)}/outline`, { query: { ...query } });
  }

  /** A device command by its name in core/wire/commands.ts (`web.open` goes to the platform path `/web/open`). */
  act(deviceId: string, command: string, args: Record<string, unknown>): Promise<Envelope<unknown>> {
    return this.client.request(command, 'POST', `/devices/${enc(deviceId)}/${command.replace('.', '/')}`, { body: args });
  }

  screenshot(deviceId: string, query: ScreenshotQuery): Promise<Envelope<unknown>> {
    return this.client.request('screenshot', 'GET', `/devices/${enc(deviceId)}/screenshot`, { query: { ...query } });
  }

  appState(deviceId: string): Promise<Envelope<unknown>> {
    return this.client.request('app-state', 'GET', `/devices/${enc(deviceId)}/app-state`);
  }

  /** Sessions (one per lease), newest first. */
  sessions(query: { limit?: number }): Promise<Envelope<{ sessions: SessionJson[] }>> {
    return this.client.request('sessions', 'GET', '/sessions', { query: { ...query } });
  }

  sessionActions(sessionId: string, query: { limit?: number; after?: number }): Promise<Envelope<{ actions: unknown[] }>> {
    return this.client.request('log', 'GET', `/sessions/${enc(sessionId)}/actions`, { query: { ...query } });
  }

  tokens(): Promise<Envelope<{ tokens: TokenJson[] }>> {
    return this.client.request('tokens', 'GET', '/tokens');
  }

  createToken(body: { name: string; role: string; expiresInMs?: number }): Promise<Envelope<TokenJson & { token: string }>> {
    return this.client.request('token.create', 'POST', '/tokens', { body });
  }

  revokeToken(id: string): Promise<Envelope<TokenJson>> {
    return this.client.request('token.revoke', 'DELETE', `/tokens/${enc(id)}`);
  }

  health(): Promise<Envelope<{ version: string; workers: number; devices: { online: number; total: number } }>> {
    return this.client.request('health', 'GET', '/health', { timeoutMs: 5000 });
  }

  me(): Promise<Envelope<{ tokenId: string; name: string; role: string }>> {
    return this.client.request('me', 'GET', '/me', { timeoutMs: 5000 });
  }
}
