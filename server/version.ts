import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package version, read from the nearest package.json above this file (source or dist). */
export function hubVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'simlab' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level: look one up
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}
