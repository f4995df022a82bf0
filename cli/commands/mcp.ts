import { Command } from 'commander';
import type { LabCall } from '../../core/mcp/lab-call.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';

/**
 * `simlab mcp`: the lab as an MCP server on stdio, for agents that speak MCP. Every tool is a
 * REST call with this CLI's hub and token (--hub/--token, SIMLAB_HUB/SIMLAB_TOKEN, the
 * credentials file), answering the same envelopes. Loaded only when asked for: the SDK is large.
 */
export function mcpCommand(): Command {
  return withLabOptions(new Command('mcp'))
    .description('serve the lab as an MCP server on stdin/stdout (tools: devices, lease, ui, tap, type, ...)')
    .action(async (options: LabOptions) => {
      const [{ Server }, { StdioServerTransport }, types, tools] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/index.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('@modelcontextprotocol/sdk/types.js'),
        import('../../core/mcp/lab-tools.js'),
      ]);
      const { client } = labApi(options);
      const call: LabCall = (r) => client.request(r.command, r.method, r.path, { query: r.query, body: r.body });
      const server = new Server({ name: 'simlab', version: '0.1.0' }, { capabilities: { tools: {} }, instructions: tools.MCP_INSTRUCTIONS });
      server.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: tools.listLabTools() }));
      server.setRequestHandler(types.CallToolRequestSchema, (r) => tools.callLabTool(call, r.params.name, r.params.arguments ?? {}));
      await server.connect(new StdioServerTransport());
      await new Promise<void>((resolve) => {
        server.onclose = resolve;
      });
    });
}
