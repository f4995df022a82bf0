// Bundles the simlab CLI into dist/simlab/ (one entry file plus a chunk per lazily loaded verb
// module), so `simlab tap @3` reads a few files instead of hundreds: start time is most of what a
// one-shot CLI costs an agent. The MCP SDK stays outside (only `simlab mcp` loads it).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(root, 'dist/simlab');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: join(root, 'cli/main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@modelcontextprotocol/sdk'],
  // Bundled CommonJS packages (commander) call require() for node's own modules.
  banner: { js: "import { createRequire as __simlabRequire } from 'node:module'; const require = __simlabRequire(import.meta.url);" },
  minify: true,
  logLevel: 'warning',
});
