// A headless web device on a folder of local pages, driven through a DeviceSession as a worker
// drives it: the setup every blind-spot suite shares (one Chromium per suite, tests in order on it).
import { after, before } from 'node:test';
import type { OutlineJson } from '../../core/outline/json.js';
import { launchWebDevice, type WebDevice } from '../../workers/bridges/web/index.js';
import { DeviceSession } from '../../workers/session/device-session.js';
import { okData, type Data } from '../../workers/session/test-support/envelopes.js';
import { startStaticServer, type StaticServer } from './static-server.js';

export interface PageSession {
  device: WebDevice;
  /** Opens a page of the folder through the session (`web.open`), as an agent would. */
  open(page: string): Promise<void>;
  /** The session's outline answer (JSON, with any extra arguments such as `pixels` or `text`). */
  outline(args?: Record<string, unknown>): Promise<{ json: OutlineJson; data: Data }>;
  /** Taps by selector and answers the page's own record of the last control hit (`window.__hits`). */
  tapHit(target: string): Promise<string>;
}

/**
 * Serves `dir` (and the named npm packages under `/npm/<package>/`), launches a web device on
 * `firstPage` before the enclosing describe's tests and closes both after them.
 */
export function pageSessionForSuite(dir: string, firstPage: string, packages: string[] = []): () => PageSession {
  let current: PageSession | undefined;
  let server: StaticServer | undefined;
  let session: DeviceSession | undefined;
  before(async () => {
    server = await startStaticServer(dir, packages);
    const device = await launchWebDevice({ url: `${server.url}${firstPage}` });
    session = new DeviceSession(device);
    const s = session;
    const url = server.url;
    current = {
      device,
      open: async (page) => {
        okData(await s.execute('web.open', { url: `${url}${page}` }));
      },
      outline: async (args = {}) => {
        const data = okData(await s.execute('outline', { format: 'json', ...args }));
        return { json: data.outline as OutlineJson, data };
      },
      tapHit: async (target) => {
        okData(await s.execute('tap', { target }));
        return device.evaluate<string>('window.__hits.at(-1)');
      },
    };
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });
  return () => {
    if (!current) throw new Error('the page session starts before the suite\'s tests');
    return current;
  };
}
