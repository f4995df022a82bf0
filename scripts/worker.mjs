#!/usr/bin/env node
// `npm run worker`: a worker alone, e.g. on another host, pointed at a hub with SIMLAB_HUB and
// SIMLAB_WORKER_TOKEN (device settings: see workers/providers/). Installs and builds first if needed.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepare, root } from './prepare.mjs';

prepare();
await import(pathToFileURL(join(root, 'dist/workers/main.js')).href);
