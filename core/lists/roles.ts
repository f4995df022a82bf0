import type { UiNode } from '../model/ui-node.js';

/** Containers the platform itself declares to be collections. */
const COLLECTIONS = new Set(['List', 'Table', 'Grid']);
const SCROLLERS = new Set(['ScrollView', 'List', 'Table', 'Grid']);
/** Text that sits between rows: section headers, captions. */
const TEXTUAL = new Set(['Text', 'Heading']);
/** Inputs are the fields of a form, not the cells of a list. */
const INPUTS = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea', 'Slider', 'Switch', 'CheckBox', 'RadioButton', 'Picker']);

export const isCollection = (n: UiNode): boolean => COLLECTIONS.has(n.role);
export const isScroller = (n: UiNode): boolean =>
  SCROLLERS.has(n.role) || n.states.scrollable === true || n.actions.includes('scroll');
export const isTextual = (n: UiNode): boolean => TEXTUAL.has(n.role);
export const isInput = (n: UiNode): boolean => INPUTS.has(n.role) || n.states.editable === true;
export const isCell = (n: UiNode): boolean => n.role === 'Cell';

/** A bare wrapper around one text and nothing else that does nothing: a wrapped section title. */
export function saysOnlyText(n: UiNode): boolean {
  if (n.label || n.value || n.children.length === 0) return false;
  let texts = 0;
  let other = false;
  const walk = (m: UiNode): void => {
    if (m.actions.length > 0 || m.role === 'Image' || isInput(m)) other = true;
    if (m.label || m.value) {
      if (TEXTUAL.has(m.role)) texts++;
      else other = true;
    }
    m.children.forEach(walk);
  };
  walk(n);
  return !other && texts === 1;
}
