import { startHub, type Hub, type HubOptions } from '../hub.js';
import { attachUi } from '../ui/ui-namespace.js';
import { createDashboard } from './mount.js';

/**
 * The hub with its dashboard on the same port: the Next.js app as the fallback handler, the
 * cookie session, and the /ui real-time namespace.
 */
export async function startHubWithDashboard(options: Omit<HubOptions, 'fallback'> & { appDir?: string }): Promise<Hub> {
  const { appDir, ...hubOptions } = options;
  const dashboard = await createDashboard(appDir);
  let hub: Hub;
  try {
    hub = await startHub({ ...hubOptions, fallback: dashboard.handle });
  } catch (err) {
    await dashboard.close();
    throw err;
  }
  dashboard.bind(hub.services.verifier);
  const ui = attachUi(hub.io, hub.services);
  const close = hub.close;
  return {
    ...hub,
    close: async () => {
      ui.close();
      await close();
      await dashboard.close();
    },
  };
}
