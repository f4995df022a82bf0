import type { UiNode } from '../model/ui-node.js';
import type { Placed } from './types.js';

/** Pressed itself (tapped or held): a row that opens or selects something. */
export const isPressed = (n: UiNode): boolean => n.actions.includes('tap') || n.actions.includes('longPress');

const pressingDeclared = new WeakMap<UiNode, boolean>();

/**
 * Whether the dump says what can be pressed at all: Maestro's iOS hierarchy names no element
 * types and no actions, so nothing in it is tapped or held. There what is pressed tells
 * nothing: a grid cannot be told from a keypad, nor a record's fields from tiles a person opens.
 */
export function declaresPressing(p: Placed): boolean {
  let top = p;
  while (top.parent) top = top.parent;
  const root = top.node;
  let known = pressingDeclared.get(root);
  if (known === undefined) {
    const any = (n: UiNode): boolean => n.actions.length > 0 || n.children.some(any);
    known = any(root);
    pressingDeclared.set(root, known);
  }
  return known;
}
