import type { Rect } from '../model/geometry.js';
import { intersectRect, rectArea } from '../model/geometry.js';
import type { Role, UiNode } from '../model/ui-node.js';

/** Roles that are actionable by nature, so an unlabeled one still gets a line. */
export const INTERACTIVE_ROLES: ReadonlySet<Role> = new Set([
  'Button', 'Link', 'TextField', 'SearchField', 'SecureTextField', 'TextArea', 'Switch', 'CheckBox',
  'RadioButton', 'Slider', 'Picker', 'Tab', 'MenuItem', 'Key', 'Cell',
]);

/** Structural roles the header already describes. */
const STRUCTURAL_ROLES: ReadonlySet<Role> = new Set(['Application', 'Window']);

/** A node of the cleaned tree that becomes one outline line, with the lines nested in it. */
export interface LineNode {
  node: UiNode;
  visible: Rect;
  children: LineNode[];
  /** Roles of the enclosing nodes (lines or not), nearest last: bands look for bars there. */
  ancestorRoles: Role[];
}

function isActionable(node: UiNode): boolean {
  return node.actions.length > 0 || INTERACTIVE_ROLES.has(node.role) || node.states.editable === true;
}

/**
 * A node earns a line when it says something (label, value), can be acted on, or carries a
 * state a reader needs (checked, scrollable). A wrapper with only an id gets no line; its
 * content does.
 */
function earnsLine(node: UiNode): boolean {
  if (STRUCTURAL_ROLES.has(node.role)) return false;
  if (node.label || node.value) return true;
  if (isActionable(node)) return true;
  return node.states.checked !== undefined || node.states.scrollable === true;
}

/** The visible part of a node, clipped to the screen; null when nothing of it can be seen. */
export function visiblePart(node: UiNode, screen: Rect): Rect | null {
  const clipped = intersectRect(node.visibleFrame ?? node.frame, screen);
  return clipped && rectArea(clipped) > 0 ? clipped : null;
}

/** A text line repeating its enclosing line's label or value adds nothing (iOS cells echo both). */
function isEcho(line: LineNode, parent: LineNode | undefined): boolean {
  if (!parent || line.children.length > 0 || isActionable(line.node)) return false;
  const n = line.node;
  const p = parent.node;
  const said = n.label ?? n.value;
  if (said === undefined || (n.label !== undefined && n.value !== undefined && n.value !== n.label)) return false;
  return said === p.label || said === p.value;
}

/** The forest of outline lines: nodes without a line pass their lines up to the nearest line above. */
export function collectLines(root: UiNode, screen: Rect): LineNode[] {
  const walk = (node: UiNode, ancestors: Role[]): LineNode[] => {
    const visible = visiblePart(node, screen);
    const own = visible && earnsLine(node) ? { node, visible, children: [] as LineNode[], ancestorRoles: ancestors } : undefined;
    const below = [...ancestors, node.role];
    const kids = node.children.flatMap((c) => walk(c, below));
    if (!own) return kids;
    own.children = kids.filter((k) => !isEcho(k, own));
    return [own];
  };
  return walk(root, []);
}
