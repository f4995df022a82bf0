import { z } from 'zod';
import { fail, type Envelope } from '../contract/envelope.js';
import { COMMANDS, type CommandName } from '../wire/commands.js';
import { chooseDevice, freeDevice, myLeaseOn } from './device-choice.js';
import type { LabCall, LabRequest } from './lab-call.js';

/** A device id as the REST paths take it. */
const DeviceId = z.string().min(1).max(200);
const enc = encodeURIComponent;

/** One MCP tool: its input, and how it runs as REST calls (always answering one envelope). */
export interface LabTool {
  name: string;
  description: string;
  /** What the tool lists as its input (JSON Schema). */
  inputSchema: Record<string, unknown>;
  run(call: LabCall, input: Record<string, unknown>): Promise<Envelope>;
}

const DEVICE_PROPERTY = { type: 'string', description: 'device id (default: the one device this token has leased)' };

/** The JSON Schema of a zod object, with the optional `device` property added. */
function schemaOf(schema: z.ZodType, withDevice: boolean): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  if (withDevice) json.properties = { device: DEVICE_PROPERTY, ...(json.properties as Record<string, unknown> | undefined) };
  return json;
}

/** Validates a tool's own input; bad input is INVALID_ARGS, as the REST API answers it. */
function parsed<T extends z.ZodType>(name: string, schema: T, input: unknown): Envelope<z.output<T>> {
  const r = schema.safeParse(input);
  if (r.success) return { version: '1', ok: true, command: name, data: r.data };
  return fail(name, 'INVALID_ARGS', r.error.issues.map((i) => `${i.path.join('.') || name}: ${i.message}`).join('; '), {
    details: { issues: r.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) },
  });
}

/** A tool on one device: choose the device, then one REST request for it. */
function deviceTool<T extends z.ZodObject>(
  name: string,
  description: string,
  schema: T,
  observe: boolean,
  request: (device: string, args: z.output<T>) => Omit<LabRequest, 'command'>,
): LabTool {
  const withDevice = schema.extend({ device: DeviceId.optional() });
  return {
    name,
    description,
    inputSchema: schemaOf(schema, true),
    async run(call, input) {
      const args = parsed(name, withDevice, input);
      if (!args.ok) return args;
      const { device: given, ...rest } = args.data as { device?: string } & z.output<T>;
      const device = await chooseDevice(call, name, given, observe);
      if (!device.ok) return device;
      return call({ command: name, ...request(device.data, rest as z.output<T>) });
    },
  };
}

/**
 * A device command of core/wire/commands.ts: its arguments go to the REST route as they are,
 * which validates them (INVALID_ARGS with the same message as the API) and acts.
 */
function commandTool(name: CommandName, description: string): LabTool {
  return {
    name,
    description,
    inputSchema: schemaOf(COMMANDS[name], true),
    async run(call, input) {
      const given = parsed(name, z.object({ device: DeviceId.optional() }).loose(), input);
      if (!given.ok) return given;
      const { device: chosen, ...body } = given.data as Record<string, unknown> & { device?: string };
      const device = await chooseDevice(call, name, chosen, false);
      if (!device.ok) return device;
      return call({ command: name, method: 'POST', path: `/devices/${enc(device.data)}/${name}`, body });
    },
  };
}

const LeaseInput = z.object({ device: DeviceId.optional(), wait_ms: z.number().int().min(0).max(600_000).optional() }).strict();
const ReleaseInput = z.object({ device: DeviceId.optional() }).strict();
const UiInput = z
  .object({
    interactive: z.boolean().optional().describe('only what takes an action, with the nearest label of each unlabelled one'),
    since: z.string().min(1).max(200).optional().describe('a snapshot id: answer with the settled diff since it'),
    format: z.enum(['text', 'json']).optional(),
    wait: z.boolean().optional().describe('wait for the screen to be still first (default true)'),
  })
  .strict();
const ScreenshotInput = z.object({ scale: z.number().min(0.01).max(4).optional(), format: z.enum(['jpeg', 'png']).optional() }).strict();
const LogInput = z.object({ session: z.string().min(1).max(200).optional(), limit: z.number().int().min(1).max(1000).optional() }).strict();

const devices: LabTool = {
  name: 'devices',
  description: 'the devices of the lab: id, platform, size, online or not, and who holds each',
  inputSchema: schemaOf(z.object({}).strict(), false),
  async run(call, input) {
    const args = parsed('devices', z.object({}).strict(), input);
    return args.ok ? call({ command: 'devices', method: 'GET', path: '/devices' }) : args;
  },
};

const lease: LabTool = {
  name: 'lease',
  description: 'take a device (default: the first free one); wait_ms queues for a busy one',
  inputSchema: schemaOf(LeaseInput, false),
  async run(call, input) {
    const args = parsed('lease', LeaseInput, input);
    if (!args.ok) return args;
    const device = await freeDevice(call, args.data.device);
    if (!device.ok) return device;
    const body = args.data.wait_ms === undefined ? { deviceId: device.data } : { deviceId: device.data, wait: true, timeoutMs: args.data.wait_ms };
    return call({ command: 'lease', method: 'POST', path: '/leases', body });
  },
};

const release: LabTool = {
  name: 'release',
  description: 'give back the device this token holds (or the one named)',
  inputSchema: schemaOf(ReleaseInput, false),
  async run(call, input) {
    const args = parsed('release', ReleaseInput, input);
    if (!args.ok) return args;
    const device = await chooseDevice(call, 'release', args.data.device, false);
    if (!device.ok) return device;
    const leaseId = await myLeaseOn(call, device.data);
    if (!leaseId.ok) return leaseId;
    return call({ command: 'release', method: 'DELETE', path: `/leases/${enc(leaseId.data)}` });
  },
};

const log: LabTool = {
  name: 'log',
  description: 'the action log of a session (default: the latest session on the device)',
  inputSchema: schemaOf(LogInput, true),
  async run(call, input) {
    const args = parsed('log', LogInput.extend({ device: DeviceId.optional() }), input);
    if (!args.ok) return args;
    let session = args.data.session;
    if (session === undefined) {
      const device = await chooseDevice(call, 'log', args.data.device, true);
      if (!device.ok) return device;
      const sessions = await call({ command: 'log', method: 'GET', path: '/sessions', query: { limit: 500 } });
      if (!sessions.ok) return sessions;
      session = (sessions.data as { sessions: Array<{ id: string; deviceId: string }> }).sessions.find((s) => s.deviceId === device.data)?.id;
      if (session === undefined) return fail('log', 'NOT_FOUND', `no session on ${device.data} yet`);
    }
    return call({ command: 'log', method: 'GET', path: `/sessions/${enc(session)}/actions`, query: { limit: args.data.limit } });
  },
};

/** Every tool, mirroring the CLI's verbs. */
export const LAB_TOOLS: readonly LabTool[] = [
  devices,
  lease,
  release,
  deviceTool('ui', 'observe: the outline of the screen, one @N per element (or the settled diff since a snapshot)', UiInput, true, (d, a) => ({
    method: 'GET',
    path: `/devices/${enc(d)}/outline`,
    query: { ...a },
  })),
  commandTool('tap', 'tap an element by selector (@7, "#3", "#login", text="OK") or a point {x,y}; answers with the settled diff'),
  commandTool('type', 'type text (into target when given, else the focused field); clear first with clear: true'),
  commandTool('swipe', 'swipe from one target to another, or by dx/dy points'),
  commandTool('scroll-by', 'scroll precisely by dy (and dx) points; positive dy reveals content further down'),
  commandTool('pinch', 'two-finger pinch at target (default: the screen centre): scale > 1 zooms in'),
  commandTool('batch', 'several actions in one call ({steps: [{command: "tap", args: {target: "@3"}}, ...]}, at most 20): stops at the first failure, one settled diff at the end'),
  commandTool('rotate', 'two-finger rotation by degrees (clockwise positive) at target (default: the screen centre)'),
  deviceTool('screenshot', 'a screenshot as an image (scale: image pixels per point)', ScreenshotInput, true, (d, a) => ({
    method: 'GET',
    path: `/devices/${enc(d)}/screenshot`,
    query: { ...a },
  })),
  deviceTool('app-state', 'the foreground app or URL, its title and scroll offsets', z.object({}).strict(), true, (d) => ({ method: 'GET', path: `/devices/${enc(d)}/app-state` })),
  log,
];
