import { z } from 'zod';
import type { Envelope } from '../../../core/contract/index.js';
import { COMMANDS, OBSERVE_COMMANDS, type CommandName } from '../../../core/wire/commands.js';
import { DEADLINE_HEADER, MAX_DEADLINE_MS, deadlineOf } from '../../actions/deadline.js';
import { qbool, qnum, qrect } from '../query.js';
import { route, signedIn, type AnyRoute, type RouteResult } from '../route.js';
import type { HubServices } from '../services.js';
import { DeviceParams } from './devices.js';

const deadlineHeader = {
  name: DEADLINE_HEADER,
  description: `the caller's deadline in ms (100..${MAX_DEADLINE_MS}, default 30000); the answer comes within it`,
  schema: { type: 'integer', minimum: 100, maximum: MAX_DEADLINE_MS },
};

const OutlineQuery = z
  .object({
    format: z.enum(['text', 'json']).optional(),
    interactive: qbool.optional().describe('only elements one can act on'),
    skeleton: qbool.optional(),
    wait: qbool.optional().describe('wait for the screen to be still first (default true)'),
    since: z.string().min(1).max(200).optional().describe('a snapshot id: answer with the diff since it'),
    raw: qbool.optional(),
    pixels: qbool.optional().describe('read the screen\'s pixels too (OCR); lines the tree lacks come marked (pixel)'),
  })
  .strict();

const ScreenshotQuery = z
  .object({
    scale: qnum(0.01, 4).optional().describe('image pixels per point'),
    crop: qrect.optional().describe('x,y,w,h in device points'),
    format: z.enum(['jpeg', 'png']).optional(),
  })
  .strict();

const ScreenshotData = z.object({
  format: z.enum(['jpeg', 'png']),
  width: z.number(),
  height: z.number(),
  origin: z.object({ x: z.number(), y: z.number() }),
  scale: z.number(),
  base64: z.string(),
});

/** Drops absent query keys so the command schema's defaults apply. */
function defined(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

/** The image itself unless the caller asks for JSON (then the envelope, image in base64). */
function screenshotResult(envelope: Envelope, wantsJson: boolean): RouteResult {
  if (wantsJson || !envelope.ok) return envelope;
  const shot = ScreenshotData.safeParse(envelope.data);
  if (!shot.success) return envelope;
  return { raw: Buffer.from(shot.data.base64, 'base64'), contentType: `image/${shot.data.format}` };
}

/** A path for a command: `web.open` lives under the platform's path, `/web/open`. */
function commandPath(command: string): string {
  return `/devices/:id/${command.replace('.', '/')}`;
}

export function commandRoutes(s: HubServices): AnyRoute[] {
  const routes: AnyRoute[] = [
    route({
      method: 'GET',
      url: commandPath('outline'),
      command: 'outline',
      minRole: 'viewer',
      tag: 'observe',
      summary: 'The outline of the current screen (text or JSON; interactive-only; wait-for-still; diff since a snapshot). No lease needed; refs belong to your lease, or to your own watch scope',
      params: DeviceParams,
      query: OutlineQuery,
      headers: [deadlineHeader],
      handler: async ({ actor, params, query, request }) =>
        s.actions.observe(signedIn(actor), params.id, 'outline', defined(query), deadlineOf(request.headers)),
    }),
    route({
      method: 'GET',
      url: commandPath('screenshot'),
      command: 'screenshot',
      minRole: 'viewer',
      tag: 'observe',
      summary: 'A screenshot: the image bytes, or the envelope with the image in base64 when Accept asks for application/json',
      params: DeviceParams,
      query: ScreenshotQuery,
      data: ScreenshotData,
      binary: 'image/jpeg',
      headers: [deadlineHeader],
      handler: async ({ actor, params, query, request }) => {
        const envelope = await s.actions.observe(signedIn(actor), params.id, 'screenshot', defined(query), deadlineOf(request.headers));
        const accept = String(request.headers.accept ?? '');
        return screenshotResult(envelope, accept.includes('application/json') && !accept.includes('image/'));
      },
    }),
    route({
      method: 'GET',
      url: commandPath('app-state'),
      command: 'app-state',
      minRole: 'viewer',
      tag: 'observe',
      summary: 'The foreground app, activity or URL, title and scroll offsets',
      params: DeviceParams,
      headers: [deadlineHeader],
      handler: async ({ actor, params, request }) => s.actions.observe(signedIn(actor), params.id, 'app-state', {}, deadlineOf(request.headers)),
    }),
  ];
  for (const name of Object.keys(COMMANDS) as CommandName[]) {
    if (OBSERVE_COMMANDS.has(name)) continue;
    routes.push(
      route({
        method: 'POST',
        url: commandPath(name),
        command: name,
        minRole: 'agent',
        tag: name.includes('.') ? 'platform verbs' : 'act',
        summary: `${name}: needs your lease; recorded in the action log before the answer`,
        params: DeviceParams,
        body: COMMANDS[name],
        headers: [deadlineHeader],
        handler: async ({ actor, params, body, request }) => s.actions.act(signedIn(actor), params.id, name, body, deadlineOf(request.headers)),
      }),
    );
  }
  return routes;
}
