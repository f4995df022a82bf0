import { SimlabError } from '../../../core/contract/index.js';
import { AxeTool } from './axe-tool.js';
import { IdbTool } from './idb-tool.js';
import { runTool } from './run-tool.js';
import type { UiTool } from './ui-tool.js';

async function answers(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await runTool(binary, args, { timeoutMs: 10_000, env });
    return true;
  } catch {
    return false;
  }
}

/**
 * The accessibility tool for this host: SIMLAB_IOS_TOOL (`axe` or `idb`) when set, else
 * AXe when it answers (one binary, key combinations, touch down/up), else idb.
 */
export async function pickUiTool(env: NodeJS.ProcessEnv): Promise<UiTool> {
  const axe = new AxeTool(env.SIMLAB_IOS_AXE?.trim() || 'axe', env);
  const idb = new IdbTool(env.SIMLAB_IOS_IDB?.trim() || 'idb', env);
  const wanted = env.SIMLAB_IOS_TOOL?.trim();
  if (wanted === 'axe') return axe;
  if (wanted === 'idb') return idb;
  if (wanted) throw new SimlabError('INVALID_ARGS', `SIMLAB_IOS_TOOL is axe or idb, not "${wanted}"`);
  if (await answers(env.SIMLAB_IOS_AXE?.trim() || 'axe', ['--version'], env)) return axe;
  if (await answers(env.SIMLAB_IOS_IDB?.trim() || 'idb', ['--help'], env)) return idb;
  throw new SimlabError('UNSUPPORTED', 'neither AXe nor idb is installed on this Mac host', {
    hint: 'brew install cameroncooke/axe/axe (or fb-idb with idb_companion); see the README',
  });
}
