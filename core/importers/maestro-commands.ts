import { isJsonObject as isObject } from './json-text.js';
import { invalidTree, positionOfOffset } from './parse-error.js';

/**
 * Maestro's debug output (`commands-(flow.yaml).json`, from `maestro test --debug-output` and
 * ~/.maestro/tests) lists every command of a flow with its status. A failed command keeps the
 * screen it failed on in `metadata.error.hierarchyRoot`, a tree of the `maestro hierarchy` form;
 * the screen of such a file is the one of its last failed command, where the flow stopped (earlier
 * failures are optional commands the flow went past).
 *
 * Returns that tree, or undefined when the document is not a list of commands.
 */
export function failedCommandScreen(doc: unknown, text: string): unknown {
  if (!Array.isArray(doc) || doc.length === 0 || !doc.every((c) => isObject(c) && 'command' in c)) return undefined;
  const errors = doc.map((c: Record<string, unknown>) => (isObject(c.metadata) && isObject(c.metadata.error) ? c.metadata.error : undefined));
  const last = errors.filter((e) => e !== undefined && 'hierarchyRoot' in e).pop();
  if (last === undefined) {
    throw invalidTree('maestro-json', text, positionOfOffset(text, 0), 'a Maestro commands file holds a screen only where a command failed, and none did');
  }
  if (!isObject(last.hierarchyRoot)) {
    throw invalidTree('maestro-json', text, positionOfOffset(text, text.lastIndexOf('"hierarchyRoot"')), 'the failed command\'s "hierarchyRoot" is not a tree node');
  }
  return last.hierarchyRoot;
}
