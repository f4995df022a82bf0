import type { Rect } from '../model/geometry.js';
import type { Role, UiAction, UiNode, UiStates } from '../model/ui-node.js';
import { shortResourceId } from './android-roles.js';

/** What an Android view declares, read from either format (uiautomator XML or Rico JSON). */
export interface AndroidView {
  role: Role;
  className: string;
  /** In points. */
  frame: Rect;
  window: string;
  children: UiNode[];
  label: string | undefined;
  value: string | undefined;
  resourceId: string | undefined;
  visible: boolean;
  enabled: boolean;
  /** Undefined when the view is not checkable. */
  checked: boolean | undefined;
  selected: boolean;
  focused: boolean;
  scrollable: boolean;
  password: boolean;
  editable: boolean;
  clickable: boolean;
  longClickable: boolean;
}

/** The node of an Android view: only the states and actions Android declared. */
export function androidNode(v: AndroidView): UiNode {
  const states: UiStates = { enabled: v.enabled };
  if (v.checked !== undefined) states.checked = v.checked;
  if (v.selected) states.selected = true;
  if (v.focused) states.focused = true;
  if (v.scrollable) states.scrollable = true;
  if (v.password) states.password = true;
  if (v.editable) states.editable = true;

  const actions: UiAction[] = [];
  if (v.clickable) actions.push('tap');
  if (v.longClickable) actions.push('longPress');
  if (v.scrollable) actions.push('scroll');
  if (v.editable) actions.push('setValue');

  const node: UiNode = {
    role: v.role,
    className: v.className,
    frame: v.frame,
    states,
    actions,
    source: 'ax',
    window: v.window,
    children: v.children,
  };
  if (v.label !== undefined) node.label = v.label;
  if (v.value !== undefined) node.value = v.value;
  const id = shortResourceId(v.resourceId);
  if (id !== undefined) node.id = id;
  if (!v.visible) node.visible = false;
  return node;
}
