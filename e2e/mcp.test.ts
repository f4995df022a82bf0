import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startHub, type Hub } from '../server/hub.js';
import { issueToken } from '../server/auth/tokens.js';
import { startSimWorker, webDevice, type SimWorker } from '../server/test-support/sim-worker.js';
import { DeviceSession } from '../workers/session/device-session.js';
import { MemoryBridge } from '../workers/session/test-support/memory-bridge.js';
import { cliArgv } from '../test/support/cli.js';
import { ROOT, tempDataDir } from './support/lab.js';

/**
 * The MCP server over both transports, driven by the official SDK client: a hub in this
 * process, a worker peer on the real socket protocol whose device is a real DeviceSession (on
 * the in-memory app), agents over Streamable HTTP (/mcp) and over stdio (`simlab mcp`).
 */
const TOOLS = ['app-state', 'batch', 'devices', 'lease', 'log', 'pinch', 'release', 'rotate', 'screenshot', 'scroll-by', 'swipe', 'tap', 'type', 'ui'];

type Envelope = { ok: boolean; command: string; data?: Record<string, unknown>; error?: { code: string; disposition: { delivery: string } } };

function textOf(result: CallToolResult): string {
  return result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}
const envelopeOf = (result: CallToolResult) => result.structuredContent as Envelope;

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('MCP: the lab\'s tools over Streamable HTTP and stdio', { concurrency: false }, () => {
  const data = tempDataDir();
  let hub: Hub;
  let worker: SimWorker;
  const tokens: Record<string, string> = {};
  const clients: Client[] = [];

  const httpClient = async (token: string): Promise<Client> => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${hub.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  };

  before(async () => {
    hub = await startHub({ port: 0, dataDir: data.dir, rateLimit: { max: 100_000, windowMs: 60_000 } });
    for (const role of ['agent', 'viewer'] as const) tokens[role] = (await issueToken(hub.services.store, `${role}-1`, role, null)).token;
    tokens.agent2 = (await issueToken(hub.services.store, 'agent-2', 'agent', null)).token;
    const session = new DeviceSession(new MemoryBridge());
    worker = startSimWorker({
      hubUrl: hub.url,
      token: hub.workerToken as string,
      devices: [webDevice('memory-1', { platformVerbs: [], frames: false, paste: false })],
      onCommand: async (m) => ({ envelope: await session.execute(m.command, m.args, { leaseId: m.leaseId }) }),
    });
    await worker.registered;
  });

  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    worker.close();
    await hub.close();
    data.remove();
  });

  it('over HTTP: lists the CLI\'s verbs, leases, reads the outline as text, acts by ref and gets the settled diff, screenshots as an image', async () => {
    const client = await httpClient(tokens.agent as string);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
    assert.deepEqual((tools.find((t) => t.name === 'tap')?.inputSchema.required as string[]).sort(), ['target']);

    const leased = await call(client, 'lease');
    assert.equal(envelopeOf(leased).ok, true, textOf(leased));
    assert.match(textOf(leased), /^leased memory-1 \(lease /);

    const ui = await call(client, 'ui');
    assert.match(textOf(ui), /^App: memory .*snapshot [0-9a-f]+\n/, 'the outline itself is the text content');
    assert.equal(envelopeOf(ui).command, 'outline');
    const settings = /@(\d+) Button "Settings"/.exec(textOf(ui))?.[1];
    assert.ok(settings);

    const tapped = await call(client, 'tap', { target: `@${settings}` });
    assert.equal(tapped.isError, undefined);
    assert.match(textOf(tapped), /^ok \(delivered_unverified\)\nscreen: Home → Settings\n/);
    assert.equal(envelopeOf(tapped).data?.delivery, 'delivered_unverified');

    const shot = await call(client, 'screenshot', { scale: 0.5 });
    const image = shot.content.find((c) => c.type === 'image');
    assert.ok(image && image.type === 'image' && image.mimeType === 'image/jpeg' && Buffer.from(image.data, 'base64').length > 100);
    assert.equal(envelopeOf(shot).data?.base64, undefined, 'the image is not repeated in the envelope');

    const batch = await call(client, 'batch', { steps: [{ command: 'tap', args: { target: 'text="Home"' } }, { command: 'tap', args: { target: 'text="Settings"' } }] });
    assert.equal(envelopeOf(batch).ok, true, textOf(batch));
    assert.match(textOf(batch), /^ok \(delivered_unverified\)\nDiff /, 'Settings -> Home -> Settings: one diff of an unchanged screen');

    const log = await call(client, 'log');
    assert.match(textOf(log), /"ok":true/);
  });

  it('over HTTP: errors are the REST API\'s envelopes and codes', async () => {
    const client = await httpClient(tokens.agent as string);
    const gone = await call(client, 'tap', { target: '@99' });
    assert.equal(gone.isError, true);
    assert.equal(envelopeOf(gone).error?.code, 'NOT_FOUND');
    assert.match(textOf(gone), /^NOT_FOUND: /);
    const bad = await call(client, 'pinch', { scale: -2 });
    assert.equal(envelopeOf(bad).error?.code, 'INVALID_ARGS');
    const badUi = await call(client, 'ui', { interactive: 'yes' });
    assert.equal(envelopeOf(badUi).error?.code, 'INVALID_ARGS');

    const viewer = await httpClient(tokens.viewer as string);
    const forbidden = await call(viewer, 'tap', { device: 'memory-1', target: { x: 10, y: 10 } });
    assert.equal(envelopeOf(forbidden).error?.code, 'FORBIDDEN');
    assert.match(textOf(await call(viewer, 'ui', { device: 'memory-1', interactive: true })), /interactive \d+\/\d+/, 'a viewer may watch');

    const other = await httpClient(tokens.agent2 as string);
    const busy = await call(other, 'tap', { device: 'memory-1', target: { x: 10, y: 10 } });
    assert.ok(['DEVICE_BUSY', 'LEASE_REQUIRED'].includes(envelopeOf(busy).error?.code ?? ''), JSON.stringify(envelopeOf(busy)));
  });

  it('over HTTP: no token or a wrong one is refused before any tool runs', async () => {
    for (const authorization of [undefined, 'Bearer slk_0000000000000000_nope']) {
      const res = await fetch(`${hub.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as Envelope).error?.code, 'UNAUTHORIZED');
    }
    assert.equal((await fetch(`${hub.url}/mcp`)).status, 405);
  });

  it('over stdio (`simlab mcp`): the same tools and envelopes, then release', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: cliArgv(['mcp']),
        env: { PATH: process.env.PATH ?? '', SIMLAB_HUB: hub.url, SIMLAB_TOKEN: tokens.agent as string, SIMLAB_DATA: data.dir },
        cwd: ROOT,
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), TOOLS);
    const ui = await call(client, 'ui', { interactive: true });
    assert.match(textOf(ui), /^App: memory .*interactive \d+\/\d+/);
    const home = /@(\d+) Button "Home"/.exec(textOf(ui))?.[1];
    const tapped = await call(client, 'tap', { target: `@${home}` });
    assert.match(textOf(tapped), /^ok \(delivered_unverified\)\nscreen: Settings → Home\n/);
    const stale = await call(client, 'tap', { target: '@99' });
    assert.equal(envelopeOf(stale).error?.code, 'NOT_FOUND');
    const released = await call(client, 'release');
    assert.equal(envelopeOf(released).ok, true, textOf(released));
    const again = await call(client, 'tap', { device: 'memory-1', target: { x: 10, y: 10 } });
    assert.equal(envelopeOf(again).error?.code, 'LEASE_REQUIRED');
  });
});
