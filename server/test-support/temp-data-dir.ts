import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary data directory removed when the test ends. */
export function tempDataDir(t: { after: (fn: () => void | Promise<void>) => void }, prefix = 'simlab-hub-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
