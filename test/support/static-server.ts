import { join, normalize, sep } from 'node:path';
import { serveStaticFiles, type StaticFiles } from '../../workers/bridges/web/demo/static-files.js';
import { REPO_ROOT } from './fixtures.js';

export type StaticServer = StaticFiles;

/**
 * Serves a folder of test pages on 127.0.0.1 and an ephemeral port, and under `/npm/<package>/`
 * the files of the named npm packages (UI kits, icon fonts), so pages load real libraries with
 * no network.
 */
export async function startStaticServer(root: string, packages: string[] = []): Promise<StaticServer> {
  const roots = new Map<string, string>(packages.map((p) => [p, join(REPO_ROOT, 'node_modules', p) + sep]));
  const base = normalize(root + sep);
  return serveStaticFiles((path) => {
    const pkg = [...roots.keys()].find((p) => path.startsWith(`/npm/${p}/`));
    const dir = pkg ? (roots.get(pkg) as string) : base;
    const file = normalize(join(dir, pkg ? path.slice(`/npm/${pkg}/`.length) : path));
    return file.startsWith(dir) ? file : undefined;
  });
}
