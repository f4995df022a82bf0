import type { Rect } from './geometry.js';

/**
 * Normalized roles. Importers map platform classes onto these; a class with no
 * honest equivalent keeps the platform's short class name (never a guess).
 */
export const KNOWN_ROLES = [
  'Application', 'Window', 'Button', 'Link', 'Text', 'Heading', 'TextField', 'SearchField',
  'SecureTextField', 'TextArea', 'Image', 'Switch', 'CheckBox', 'RadioButton', 'Slider',
  'ProgressBar', 'Spinner', 'List', 'Table', 'Grid', 'Cell', 'ScrollView', 'WebView',
  'TabBar', 'Tab', 'Toolbar', 'NavigationBar', 'Menu', 'MenuItem', 'Picker', 'Alert',
  'Dialog', 'Keyboard', 'Key', 'StatusBar', 'Group', 'Other',
] as const;
export type KnownRole = (typeof KNOWN_ROLES)[number];
export type Role = KnownRole | (string & {});

export interface UiStates {
  enabled?: boolean;
  selected?: boolean;
  checked?: boolean;
  focused?: boolean;
  editable?: boolean;
  scrollable?: boolean;
  password?: boolean;
  expanded?: boolean;
  busy?: boolean;
}

export type UiAction = 'tap' | 'longPress' | 'setValue' | 'scroll' | 'focus';

export type NodeSource = 'ax' | 'hit' | 'pixel';

export interface UiNode {
  role: Role;
  label?: string;
  value?: string;
  /** resource-id / AXUniqueId / test id / DOM id: stable across snapshots. */
  id?: string;
  /** The platform's own class or type name, kept for inspection, never rendered as a role. */
  className?: string;
  frame: Rect;
  /** The part of `frame` that can be seen (clipped by the screen, scroll containers and bars). */
  visibleFrame?: Rect;
  states: UiStates;
  actions: UiAction[];
  source: NodeSource;
  /**
   * False when the platform itself declared the element not shown (Android `displayed` /
   * visibility, iOS `visible`); cleaning drops such elements. Absent means not declared.
   */
  visible?: boolean;
  /**
   * Paint order among its siblings where the platform says it (Android `drawing-order`):
   * higher is drawn later, over lower. Absent means the sibling order is the paint order.
   */
  drawingOrder?: number;
  /** Which window the element lives in (see Screen.windows). */
  window?: string;
  children: UiNode[];
}
