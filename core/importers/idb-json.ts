import type { Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode, UiStates } from '../model/ui-node.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { DEFAULT_IOS_SCALE, iosActions, iosRole, isIosEditable, isIosScrolling, isIosToggle } from './ios-roles.js';
import { isJsonObject as isObject, nonEmptyString as str, parseJson } from './json-text.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { assembleScreen } from './screen-parts.js';

type AxElement = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** `{{x, y}, {w, h}}`, the form of AXFrame. */
const AX_FRAME = /^\{\{\s*([-\d.eE+]+)\s*,\s*([-\d.eE+]+)\s*\}\s*,\s*\{\s*([-\d.eE+]+)\s*,\s*([-\d.eE+]+)\s*\}\}$/;

const WINDOW = 'window0';

function frameOf(el: AxElement, text: string): Rect {
  let nums: number[] = [];
  if (isObject(el.frame)) {
    const f = el.frame;
    nums = [num(f.x), num(f.y), num(f.width ?? f.w), num(f.height ?? f.h)];
  } else if (typeof el.AXFrame === 'string') {
    const m = AX_FRAME.exec(el.AXFrame.trim());
    if (m) nums = [m[1], m[2], m[3], m[4]].map(Number);
  }
  if (nums.length !== 4 || !nums.every(Number.isFinite)) {
    const near = typeof el.AXFrame === 'string' ? positionOfText(text, JSON.stringify(el.AXFrame)) : positionOfOffset(text, 0);
    throw invalidTree('idb-json', text, near, `an element has neither a "frame" {x, y, width, height} nor an AXFrame "{{x, y}, {w, h}}"`);
  }
  const [x, y, w, h] = nums as [number, number, number, number];
  return { x, y, w, h };
}

function toNode(el: AxElement, text: string, withChildren: boolean): UiNode {
  const type = str(el.type) ?? str(el.role) ?? 'Other';
  const role = iosRole(type);
  const label = str(el.AXLabel) ?? str(el.title);
  let value = str(el.AXValue);
  const states: UiStates = { enabled: el.enabled !== false };
  if (isIosToggle(role) && value !== undefined && /^[01]$/.test(value)) {
    states.checked = value === '1';
    value = undefined;
  }
  if (isIosEditable(role)) states.editable = true;
  if (role === 'SecureTextField') states.password = true;
  if (isIosScrolling(role)) states.scrollable = true;
  if (value !== undefined && value === label) value = undefined;

  const kids = withChildren && Array.isArray(el.children) ? el.children.filter(isObject) : [];
  const node: UiNode = {
    role,
    className: type,
    frame: frameOf(el, text),
    states,
    actions: iosActions(type),
    source: 'ax',
    window: WINDOW,
    children: kids.map((c) => toNode(c, text, true)),
  };
  if (label !== undefined) node.label = label;
  if (value !== undefined) node.value = value;
  const id = str(el.AXUniqueId);
  if (id !== undefined) node.id = id;
  return node;
}

function boundingBox(frames: Rect[]): Rect {
  const x = Math.min(...frames.map((f) => f.x));
  const y = Math.min(...frames.map((f) => f.y));
  const r = Math.max(...frames.map((f) => f.x + f.w));
  const b = Math.max(...frames.map((f) => f.y + f.h));
  return { x, y, w: r - x, h: b - y };
}

/**
 * `idb ui describe-all` and AXe `describe-ui` JSON, in points (default scale 3). Nested
 * (elements with `children`) or flat (idb's default: a list of elements with no structure,
 * which become children of the application element; no containment is guessed).
 */
export function importIdbJson(text: string, options: ImportOptions): Screen {
  const doc = parseJson(text, 'idb-json');
  const list = (Array.isArray(doc) ? doc : [doc]).filter(isObject);
  if (list.length === 0) throw invalidTree('idb-json', text, positionOfOffset(text, 0), 'no accessibility elements');
  const nested = list.some((el) => Array.isArray(el.children) && el.children.length > 0);
  const appIndex = list.findIndex((el) => iosRole(str(el.type) ?? str(el.role) ?? '') === 'Application');

  let root: UiNode;
  if (nested && list.length === 1 && list[0]) {
    root = toNode(list[0], text, true);
  } else if (appIndex !== -1 && list[appIndex]) {
    root = toNode(list[appIndex], text, false);
    root.children = list.filter((_, i) => i !== appIndex).map((el) => toNode(el, text, nested));
  } else {
    const children = list.map((el) => toNode(el, text, nested));
    root = {
      role: 'Application',
      frame: boundingBox(children.map((c) => c.frame)),
      states: { enabled: true },
      actions: [],
      source: 'ax',
      window: WINDOW,
      children,
    };
  }
  if (!(root.frame.w > 0 && root.frame.h > 0)) {
    throw invalidTree('idb-json', text, positionOfOffset(text, 0), 'the root element has no size');
  }
  const size = { w: root.frame.x + root.frame.w, h: root.frame.y + root.frame.h };
  const window: WindowInfo = { id: WINDOW, kind: 'app', layer: 1 };
  const app = root.role === 'Application' ? root.label : undefined;
  const scale = requestedScale(options) ?? DEFAULT_IOS_SCALE;
  return assembleScreen({ platform: 'ios', size, scale, windows: [window], root, app });
}
