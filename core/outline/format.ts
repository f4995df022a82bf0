import type { Rect } from '../model/geometry.js';
import { INTERACTIVE_ROLES } from './element-nodes.js';
import type { OutlineElement } from './snapshot.js';

export interface FormatOptions {
  /** Print the frame (where the line can be acted on). */
  frame: boolean;
  /** The id as this outline prints it (short, unique); omitted when undefined. */
  idText?: string;
  /** Longest label or value printed before it is cut with an ellipsis; unlimited when undefined. */
  maxText?: number;
  /** Leave the label out (it repeats the label of the line this one sits in). */
  omitLabel?: boolean;
}

const TEXT_ROLES = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea']);
const CHECKABLE_ROLES = new Set(['Switch', 'CheckBox', 'RadioButton']);

/** Runs of whitespace (line breaks included) read as one space; text selectors compare the same way. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A label as the text outline prints it: whitespace collapsed, cut with an ellipsis past `max` characters. */
function quote(text: string, max: number | undefined): string {
  const flat = collapseSpace(text);
  const chars = [...flat];
  return JSON.stringify(max !== undefined && chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat);
}

function formatFrame(r: Rect): string {
  return `${r.x},${r.y} ${r.w}x${r.h}`;
}

/** `#K` for list 1, `#K@L` for list L. */
export function cellAlias(el: OutlineElement): string | undefined {
  if (!el.list) return undefined;
  return el.list.list === 1 ? `#${el.list.cell}` : `#${el.list.cell}@${el.list.list}`;
}

/** Only the states a reader needs, in a fixed order; defaults (enabled, unchecked text) are left out. */
export function notableStates(el: OutlineElement): string[] {
  const s = el.states;
  const out: string[] = [];
  if (s.checked === true) out.push('checked');
  else if (s.checked === false && CHECKABLE_ROLES.has(el.role)) out.push('unchecked');
  if (s.selected) out.push('selected');
  if (s.focused) out.push('focused');
  if (s.enabled === false) out.push('disabled');
  if (s.editable && !TEXT_ROLES.has(el.role)) out.push('editable');
  if (s.password && el.role !== 'SecureTextField') out.push('password');
  if (s.expanded === true) out.push('expanded');
  else if (s.expanded === false) out.push('collapsed');
  if (s.busy) out.push('busy');
  if (s.scrollable || el.actions.includes('scroll')) out.push('scroll');
  if (el.actions.includes('tap') && !INTERACTIVE_ROLES.has(el.role)) out.push('tap');
  if (el.actions.includes('longPress')) out.push('hold');
  return out;
}

/** Less than this share of the element can be seen: it is cut by the screen edge, a scroller or a bar. */
const CLIPPED_SHARE = 0.9;

function isClipped(el: OutlineElement): boolean {
  const full = el.frame.w * el.frame.h;
  return full > 0 && el.visibleFrame.w * el.visibleFrame.h < full * CLIPPED_SHARE;
}

/** An element named in a few words, as an action's log line says what it hit: `Tab "Settings"`, `Button #save`. */
export function elementName(el: Pick<OutlineElement, 'role' | 'label' | 'id'>): string {
  if (el.label !== undefined && el.label !== '') return `${el.role} ${quote(el.label, 40)}`;
  return el.id !== undefined ? `${el.role} #${el.id}` : el.role;
}

/** One outline line, without indentation. */
export function formatElement(el: OutlineElement, opts: FormatOptions): string {
  const parts = [`@${el.index}`];
  const alias = cellAlias(el);
  if (alias) parts.push(alias);
  parts.push(el.role);
  if (el.label !== undefined && !opts.omitLabel) parts.push(quote(el.label, opts.maxText));
  if (el.value !== undefined && el.value !== el.label) parts.push(`value=${quote(el.value, opts.maxText)}`);
  if (opts.idText !== undefined) parts.push(opts.idText);
  if (opts.frame) parts.push(formatFrame(el.visibleFrame));
  parts.push(...notableStates(el));
  if (isClipped(el) || el.list?.clipped) parts.push('clipped');
  if (el.source !== 'ax') parts.push(`(${el.source})`);
  return parts.join(' ');
}

/** Can be acted on directly: a declared action, an interactive role, or editable text. */
export function isActionableElement(el: OutlineElement): boolean {
  return el.actions.length > 0 || INTERACTIVE_ROLES.has(el.role) || el.states.editable === true;
}
