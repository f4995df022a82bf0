import type { Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode, UiStates } from '../model/ui-node.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { DEFAULT_IOS_SCALE, iosActions, iosRole, isIosEditable, isIosScrolling, isIosToggle } from './ios-roles.js';
import { isJsonObject as isObject, nonEmptyString as str, parseJson } from './json-text.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { iosWindowKind } from './ios-windows.js';
import { assembleScreen } from './screen-parts.js';

type WdaElement = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
/** WDA writes its flags as booleans, or as "1"/"0" in older builds. */
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const falsy = (v: unknown): boolean => v === false || v === 0 || v === '0' || v === 'false';

/** `{{x, y}, {w, h}}`, the form of WDA's `frame`. */
const FRAME = /^\{\{\s*([-\d.eE+]+)\s*,\s*([-\d.eE+]+)\s*\}\s*,\s*\{\s*([-\d.eE+]+)\s*,\s*([-\d.eE+]+)\s*\}\}$/;

interface Context {
  text: string;
  windowOf: Map<WdaElement, string>;
}

const typeOf = (el: WdaElement): string => {
  const t = str(el.type) ?? 'Other';
  return t.startsWith('XCUIElementType') ? t : `XCUIElementType${t}`;
};
const kidsOf = (el: WdaElement): WdaElement[] => (Array.isArray(el.children) ? el.children.filter(isObject) : []);

function rectOf(el: WdaElement, text: string): Rect {
  let nums: number[] = [];
  if (isObject(el.rect)) nums = [num(el.rect.x), num(el.rect.y), num(el.rect.width), num(el.rect.height)];
  else if (typeof el.frame === 'string') {
    const m = FRAME.exec(el.frame.trim());
    if (m) nums = [m[1], m[2], m[3], m[4]].map(Number);
  }
  if (nums.length !== 4 || !nums.every(Number.isFinite)) {
    const near = typeof el.type === 'string' ? positionOfText(text, JSON.stringify(el.type)) : positionOfOffset(text, 0);
    throw invalidTree('wda-json', text, near, `an element has neither a "rect" {x, y, width, height} nor a "frame" "{{x, y}, {w, h}}"`);
  }
  const [x, y, w, h] = nums as [number, number, number, number];
  return { x, y, w, h };
}

function toNode(el: WdaElement, ctx: Context, window: string | undefined): UiNode {
  const type = typeOf(el);
  const role = iosRole(type);
  // As in the XML page source: `name` is the identifier when one is set, else the label again.
  const name = str(el.name);
  const label = str(el.label) ?? (role === 'Text' ? name : undefined);
  const rawId = str(el.rawIdentifier) ?? (name !== undefined && name !== label ? name : undefined);
  let value = typeof el.value === 'number' ? String(el.value) : str(el.value);
  const states: UiStates = { enabled: !falsy(el.isEnabled ?? el.enabled) };
  if (isIosToggle(role) && value !== undefined && /^[01]$/.test(value)) {
    states.checked = value === '1';
    value = undefined;
  }
  if (truthy(el.isSelected ?? el.selected)) states.selected = true;
  if (truthy(el.isFocused ?? el.hasFocus)) states.focused = true;
  if (isIosEditable(role)) states.editable = true;
  if (role === 'SecureTextField') states.password = true;
  if (isIosScrolling(role)) states.scrollable = true;
  if (value !== undefined && value === label) value = undefined;

  const node: UiNode = { role, className: type, frame: rectOf(el, ctx.text), states, actions: iosActions(type), source: 'ax', children: [] };
  if (window !== undefined) node.window = window;
  node.children = kidsOf(el).map((c) => toNode(c, ctx, ctx.windowOf.get(c) ?? window));
  if (label !== undefined) node.label = label;
  if (value !== undefined) node.value = value;
  if (rawId !== undefined && rawId !== label) node.id = rawId;
  if (falsy(el.isVisible ?? el.visible)) node.visible = false;
  return node;
}

/**
 * WebDriverAgent's JSON page source (`GET /source?format=json`, bare or in its `{"value": ...}`
 * envelope): elements with `type`, `label`, `name`, `value`, `rect` (or `frame`), `isEnabled`,
 * `isVisible` and `children`, in points (default scale 3). The windows under the application
 * are listed back to front, as in the XML source.
 */
export function importWdaJson(text: string, options: ImportOptions): Screen {
  const doc = parseJson(text, 'wda-json');
  const top = isObject(doc) && isObject(doc.value) && !('type' in doc) ? doc.value : doc;
  if (!isObject(top) || typeof top.type !== 'string') {
    throw invalidTree('wda-json', text, positionOfOffset(text, 0), 'the document is not a WebDriverAgent element (no "type")');
  }
  const isApp = iosRole(typeOf(top)) === 'Application';
  const windowEls = isApp ? kidsOf(top).filter((c) => iosRole(typeOf(c)) === 'Window') : [];
  const windows: WindowInfo[] = windowEls.map((el, i) => ({
    id: `window${i}`,
    kind: iosWindowKind(el, (e) => iosRole(typeOf(e)), kidsOf),
    layer: i + 1,
  }));
  const windowOf = new Map<WdaElement, string>(windowEls.map((el, i) => [el, `window${i}`]));
  const single = windows.length === 0 ? 'window0' : undefined;
  if (single) windows.push({ id: single, kind: 'app', layer: 1 });
  const root = toNode(top, { text, windowOf }, single);
  if (!(root.frame.w > 0 && root.frame.h > 0)) throw invalidTree('wda-json', text, positionOfOffset(text, 0), 'the root element has no size');
  const app = isApp ? (str(top.label) ?? str(top.name)) : undefined;
  const scale = requestedScale(options) ?? DEFAULT_IOS_SCALE;
  return assembleScreen({ platform: 'ios', size: { w: root.frame.w, h: root.frame.h }, scale, windows, root, app });
}
