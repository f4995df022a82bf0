import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { fail, failFrom } from '../contract/envelope.js';
import type { LabCall } from './lab-call.js';
import { toolResult } from './tool-result.js';
import { LAB_TOOLS } from './tools.js';

/** What the MCP server tells a client about itself. */
export const MCP_INSTRUCTIONS =
  'simlab drives shared phones. Loop: lease, then ui (an outline: one @N per element), act by selector (tap @7), ' +
  'and read the settled diff the action answers with; release when done. Every result carries the envelope ' +
  '({ok, command, data | error{code, disposition}}) as structured content.';

/** The answer to tools/list. */
export function listLabTools(): Tool[] {
  return LAB_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as Tool['inputSchema'] }));
}

/**
 * The answer to tools/call: one tool per CLI verb, each made of REST calls through `call` (the
 * caller's token), so tokens, roles, envelopes and error codes are the REST API's own. The
 * transport (stdio in the CLI, Streamable HTTP on the hub) belongs to the caller.
 */
export async function callLabTool(call: LabCall, name: string, input: Record<string, unknown>): Promise<CallToolResult> {
  const tool = LAB_TOOLS.find((t) => t.name === name);
  if (!tool) return toolResult(fail(name, 'NOT_FOUND', `no tool ${name}`, { hint: `tools: ${LAB_TOOLS.map((t) => t.name).join(', ')}` }));
  try {
    return toolResult(await tool.run(call, input));
  } catch (err) {
    return toolResult(failFrom(name, err));
  }
}
