import type { UiNode } from '../model/ui-node.js';

/** Containers the platform itself declares to be collections. */
const COLLECTIONS = new Set(['List', 'Table', 'Grid']);
const SCROLLERS = new Set(['ScrollView', 'List', 'Table', 'Grid']);
/** Controls that load or reveal more rows when tapped. */
const LOADERS = new Set(['Button', 'Link']);
/** What shows that rows are being loaded. */
const SPINNERS = new Set(['Spinner', 'ProgressBar']);
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

/**
 * A node that only says something: it holds nothing, does nothing and is no picture or field
 * (a section heading drawn as a labelled view, as Litho and Compose draw text).
 */
export function isBareLabel(n: UiNode): boolean {
  return n.children.length === 0 && Boolean(n.label || n.value) && n.actions.length === 0 && n.role !== 'Image' && !isInput(n);
}

/**
 * A bare wrapper around one text and nothing else that does nothing: a wrapped section title or
 * paragraph. The wrapper may repeat that text as its own label, as iOS containers do.
 */
export function saysOnlyText(n: UiNode): boolean {
  if (n.value || n.children.length === 0 || n.actions.length > 0) return false;
  const texts: string[] = [];
  let other = false;
  const walk = (m: UiNode): void => {
    if (m.actions.length > 0 || m.role === 'Image' || isInput(m)) other = true;
    if (m.label || m.value) {
      if (TEXTUAL.has(m.role)) texts.push(m.label ?? m.value ?? '');
      else other = true;
    }
    m.children.forEach(walk);
  };
  n.children.forEach(walk);
  return !other && texts.length === 1 && (!n.label || n.label === texts[0]);
}

/** Every node inside `n`, itself left out, each before what it holds. */
export const nodesInside = (n: UiNode): UiNode[] => n.children.flatMap((c) => [c, ...nodesInside(c)]);

/** The pictures in a node, itself included. */
export const picturesOf = (n: UiNode): UiNode[] => [n, ...nodesInside(n)].filter((m) => m.role === 'Image');

/**
 * The nodes inside `n` (itself left out) that say or do something. A toggle says whether it is
 * on, even where it cannot be tapped (Compose's selected radio button).
 */
function speakersIn(n: UiNode): UiNode[] {
  return nodesInside(n).filter((c) => c.label || c.value || c.actions.length > 0 || c.states.checked !== undefined);
}

/**
 * A row that loads rows instead of being one: it holds one button or link and nothing else but
 * that control's own text ("View 1 more reply", "Load more"), or a spinner with at most a text
 * ("Loading…"). A row that is itself such a control counts as well.
 */
export function isLoadMoreRow(n: UiNode): boolean {
  const inside = speakersIn(n);
  if (inside.some((m) => SPINNERS.has(m.role))) return inside.every((m) => SPINNERS.has(m.role) || isTextual(m));
  const controls = LOADERS.has(n.role) ? [n] : inside.filter((m) => LOADERS.has(m.role));
  const [control] = controls;
  if (controls.length !== 1 || !control || !(control.label || control.value)) return false;
  const ownText = new Set(speakersIn(control));
  return inside.every((m) => m === control || (ownText.has(m) && isTextual(m)));
}

/**
 * A control that says one thing and does one thing: tapped, holding at most one text (a "New
 * notebook" card, an "Add" tile), or labelled itself with nothing inside.
 */
export function isLoneAction(n: UiNode): boolean {
  if (!n.actions.includes('tap') && !LOADERS.has(n.role)) return false;
  const inside = speakersIn(n);
  if (inside.length === 0) return Boolean(n.label || n.value);
  const [only] = inside;
  return inside.length === 1 && only !== undefined && isTextual(only) && only.actions.length === 0;
}

/** A label in the middle of its bar: its centre within this many points of the bar's... */
const CENTRED = 2;
/** ...and at most this share of the bar's width. */
const SHORT_LABEL_SHARE = 0.5;

/**
 * A wide bar with one short text in its middle and nothing else (Skip for now, a build number):
 * a button or a footer. Rows lay their content out from their start edge.
 */
export function isCentredLabel(n: UiNode): boolean {
  const inside = speakersIn(n);
  const [only] = inside;
  if (inside.length !== 1 || !only || !isTextual(only) || only.actions.length > 0 || (n.label && n.label !== only.label)) return false;
  const centre = (m: UiNode) => m.frame.x + m.frame.w / 2;
  return picturesOf(n).length === 0 && Math.abs(centre(only) - centre(n)) <= CENTRED && only.frame.w <= SHORT_LABEL_SHARE * n.frame.w;
}

/** The number of nodes inside `n` that say or do something. */
export const speakerCount = (n: UiNode): number => speakersIn(n).length;
