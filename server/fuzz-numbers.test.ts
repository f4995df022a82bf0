import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { API_PREFIX, routeTable } from './api/app.js';
import type { AnyRoute } from './api/route.js';
import { startSimWorker, webDevice } from './test-support/sim-worker.js';
import { startTestHub } from './test-support/test-hub.js';

type Json = Record<string, unknown>;
/** One step from a schema to a field: a property, the n-th alternative of a union, or an array's item. */
type Step = { prop: string } | { option: number } | { item: true };

/** Values no bounded field accepts: past every maximum, and numbers JSON cannot carry, sent as text. */
const REFUSED: readonly unknown[] = [1e12, -1e12, 'NaN', 'Infinity', '-Infinity', '1e12'];
/** Values a field may accept or refuse, but never with a server error. */
const EDGES: readonly unknown[] = [0, -1];
const QUERY_REFUSED = ['1e12', 'NaN', 'Infinity', '-Infinity', '99999999999999999999'];
const QUERY_EDGES = ['0', '-1', ''];

const asJson = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

function resolve(schema: Json, root: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.split('/').pop() as string;
  return resolve(((root.$defs ?? root.definitions) as Record<string, Json>)[name] as Json, root);
}

/** Every number field of a schema, as the steps that reach it. */
function numberFields(schema: Json, root: Json, at: Step[] = [], seen = new Set<Json>()): Step[][] {
  const s = resolve(schema, root);
  if (seen.has(s)) return [];
  seen.add(s);
  if (s.type === 'number' || s.type === 'integer') return [at];
  const out: Step[][] = [];
  for (const key of ['anyOf', 'oneOf'] as const) ((s[key] as Json[] | undefined) ?? []).forEach((o, i) => out.push(...numberFields(o, root, [...at, { option: i }], new Set(seen))));
  for (const [k, v] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) out.push(...numberFields(v, root, [...at, { prop: k }], new Set(seen)));
  if (s.items && typeof s.items === 'object') out.push(...numberFields(s.items as Json, root, [...at, { item: true }], new Set(seen)));
  return out;
}

/** The smallest value a schema takes, with `value` placed at the end of `path`. */
function example(schema: Json, root: Json, path: Step[], value: unknown): unknown {
  if (path.length === 0 && value !== undefined) return value;
  const s = resolve(schema, root);
  const [step, ...rest] = path;
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives) {
    const i = step && 'option' in step ? step.option : Math.max(0, alternatives.findIndex((a) => a.type !== 'null'));
    return example(alternatives[i] as Json, root, step && 'option' in step ? rest : path, value);
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.type === 'object' || s.properties) {
    const out: Json = {};
    for (const k of (s.required as string[] | undefined) ?? []) out[k] = example((s.properties as Record<string, Json>)[k] as Json, root, [], undefined);
    if (step && 'prop' in step) out[step.prop] = example((s.properties as Record<string, Json>)[step.prop] as Json, root, rest, value);
    return out;
  }
  if (s.type === 'array') return [example((s.items ?? {}) as Json, root, step && 'item' in step ? rest : [], step && 'item' in step ? value : undefined)];
  if (s.type === 'number' || s.type === 'integer') return typeof s.minimum === 'number' ? s.minimum : 1;
  if (s.type === 'boolean') return false;
  if (s.type === 'string') return s.format === 'uri' ? 'https://example.com/' : 'x';
  return null;
}

const fieldName = (path: Step[]) => path.map((s) => ('prop' in s ? `.${s.prop}` : 'option' in s ? `|${s.option}` : '[]')).join('');

test('every number field of every route, and every query value, answers 4xx to extreme values, never 5xx; the device answers afterwards', async (t) => {
  const h = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: h.hub.url, token: h.tokens.worker, devices: [webDevice('dev1')] });
  t.after(() => worker.close());
  await worker.registered;
  const lease = (await h.call('POST', `${API_PREFIX}/leases`, { token: h.tokens.admin, body: { deviceId: 'dev1' } })).body as { data: { id: string; sessionId: string } };
  const ids: Record<string, string> = { devices: 'dev1', leases: lease.data.id, sessions: lease.data.sessionId, tokens: 'nope', shares: 'nope' };
  const urlOf = (r: AnyRoute) => API_PREFIX + r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? (ids[r.url.split('/')[1] as string] ?? 'x') : 'x'));

  const failures: string[] = [];
  let sent = 0;
  const send = async (method: string, url: string, body: unknown, refused: boolean, what: string, headers: Record<string, string> = {}) => {
    const res = await h.call(method, url, { token: h.tokens.admin, headers, ...(body === undefined ? {} : { body }) });
    sent += 1;
    const code = (res.body as { error?: { code?: string } }).error?.code;
    // A web device lacks the Android and iOS verbs: UNSUPPORTED (501, not delivered) is the contract's refusal, not a failure.
    const serverError = res.status >= 500 && code !== 'UNSUPPORTED';
    if (serverError || (refused && res.status < 400)) failures.push(`${what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  };

  const table = routeTable(h.hub.services);
  for (const r of table) {
    if (r.body) {
      const root = asJson(r.body);
      for (const path of numberFields(root, root)) {
        for (const value of [...REFUSED, ...EDGES]) {
          await send(r.method, urlOf(r), example(root, root, path, value), REFUSED.includes(value), `${r.method} ${r.url} ${fieldName(path)}=${JSON.stringify(value)}`);
          // The same arguments as a step of a batch must meet the same bounds.
          const command = r.url.startsWith('/devices/:id/') ? r.url.slice('/devices/:id/'.length).replace('/', '.') : null;
          if (command && r.method === 'POST' && !['batch', 'flows'].includes(command)) {
            await send('POST', `${API_PREFIX}/devices/dev1/batch`, { steps: [{ command, args: example(root, root, path, value) }] }, REFUSED.includes(value), `batch ${command} ${fieldName(path)}=${JSON.stringify(value)}`);
          }
        }
      }
    }
    if (r.query) {
      const root = asJson(r.query);
      for (const [name, prop] of Object.entries((root.properties as Record<string, Json> | undefined) ?? {})) {
        const numeric = typeof prop.pattern === 'string' && prop.pattern.includes('\\d');
        for (const value of [...QUERY_REFUSED, ...QUERY_EDGES]) {
          const refused = numeric && QUERY_REFUSED.includes(value);
          await send(r.method, `${urlOf(r)}?${new URLSearchParams({ [name]: value }).toString()}`, r.method === 'GET' ? undefined : example(asJson(r.body ?? z.object({})), asJson(r.body ?? z.object({})), [], undefined), refused, `${r.method} ${r.url}?${name}=${value}`);
        }
      }
    }
  }
  for (const value of [...QUERY_REFUSED, '0', '-1']) {
    await send('POST', `${API_PREFIX}/devices/dev1/tap`, { target: { x: 5, y: 5 } }, true, `deadline header ${value}`, { 'x-simlab-deadline-ms': value });
  }

  assert.deepEqual(failures, [], `${failures.length} of ${sent} requests`);
  t.diagnostic(`${sent} requests over ${table.length} routes`);
  assert.equal((await h.call('GET', `${API_PREFIX}/health`)).status, 200);
  const device = (await h.call('GET', `${API_PREFIX}/devices/dev1`, { token: h.tokens.viewer })).body as { data: { state: string } };
  assert.equal(device.data.state, 'online');
  const tap = await h.call('POST', `${API_PREFIX}/devices/dev1/tap`, { token: h.tokens.admin, body: { target: { x: 5, y: 5 } }, headers: { 'x-simlab-deadline-ms': '5000' } });
  assert.equal(tap.status, 200, 'the device answers the next command');
});
