import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The simlab dashboard, served by the hub on its one port (server/dashboard). */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The repository root holds node_modules and the shared core/ types.
  turbopack: { root: dirname(dirname(fileURLToPath(import.meta.url))) },
  // `npm run typecheck` runs `tsc -p app`; checking again here would only slow the build on 2 cores.
  typescript: { ignoreBuildErrors: true },
};

export default config;
