import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Envelope } from '../contract/envelope.js';

type Data = Record<string, unknown>;

function asData(data: unknown): Data {
  return data !== null && typeof data === 'object' ? (data as Data) : {};
}

function deviceLine(d: Data): string {
  const size = asData(d.size);
  const lease = asData(d.lease);
  return `${String(d.id)}  ${String(d.platform)}  ${String(d.name)}  ${String(size.w)}x${String(size.h)}  ${String(d.state)}  ${d.lease ? `leased by ${String(lease.holder)}` : 'free'}`;
}

/** What an agent reads of an ok answer: the outline or the settled diff as text, else a short line. */
function okText(command: string, data: Data): string {
  if (typeof data.outline === 'string') return typeof data.diff === 'string' ? `${data.outline}${data.diff}` : data.outline;
  if (typeof data.diff === 'string') return `ok (${String(data.delivery ?? 'delivered')})\n${data.diff}`;
  if (Array.isArray(data.devices)) return data.devices.map((d) => deviceLine(asData(d))).join('\n') || 'no devices';
  if (command === 'lease') return `leased ${String(data.deviceId)} (lease ${String(data.id)}, until ${String(data.until)})`;
  if (command === 'release') return `released ${String(data.deviceId ?? '')}`.trim();
  return JSON.stringify(data);
}

/**
 * An envelope as an MCP tool result: the text an agent reads (the outline or diff itself, never
 * JSON around it), the whole envelope as structured content, and a screenshot as an image block.
 * A failed envelope is an error result whose text leads with the code.
 */
export function toolResult(envelope: Envelope): CallToolResult {
  if (!envelope.ok) {
    const e = envelope.error;
    const text = [`${e.code}: ${e.message}`, e.hint ? `hint: ${e.hint}` : '', `delivery: ${e.disposition.delivery}, retry: ${e.disposition.retry}`].filter(Boolean).join('\n');
    return { isError: true, content: [{ type: 'text', text }], structuredContent: { ...envelope } };
  }
  const data = asData(envelope.data);
  if (envelope.command === 'screenshot' && typeof data.base64 === 'string') {
    const { base64, ...rest } = data;
    return {
      content: [
        { type: 'image', data: base64, mimeType: `image/${String(data.format)}` },
        { type: 'text', text: `${String(data.width)}x${String(data.height)} ${String(data.format)}, ${String(data.scale)} px per point` },
      ],
      structuredContent: { ...envelope, data: rest },
    };
  }
  return { content: [{ type: 'text', text: okText(envelope.command, data) }], structuredContent: { ...envelope } };
}
