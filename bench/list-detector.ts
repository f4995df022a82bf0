import type { ListDetector } from '../core/outline/list-input.js';

/** core/lists' detectLists when that module is present, so benches measure the whole pipeline. */
export async function listDetector(): Promise<ListDetector | undefined> {
  try {
    const mod = (await import('../core/lists/index.js' as string)) as { detectLists?: ListDetector };
    return mod.detectLists;
  } catch {
    return undefined;
  }
}
