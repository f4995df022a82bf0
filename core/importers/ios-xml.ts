import type { Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode, UiStates } from '../model/ui-node.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { DEFAULT_IOS_SCALE, iosActions, iosRole, isIosEditable, isIosScrolling, isIosToggle } from './ios-roles.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { iosWindowKind } from './ios-windows.js';
import { assembleScreen } from './screen-parts.js';
import { parseXml, type XmlElement } from './xml-tree.js';

interface Context {
  text: string;
  /** The window each top-level window element opens. */
  windowOf: Map<XmlElement, string>;
}

function typeOf(el: XmlElement): string {
  return el.attrs.type ?? el.tag;
}

function frameOf(el: XmlElement, text: string): Rect {
  const { x, y, width, height } = el.attrs;
  const nums = [x, y, width, height].map((v) => (v === undefined || v === '' ? NaN : Number(v)));
  if (!nums.every(Number.isFinite)) {
    throw invalidTree('ios-xml', text, positionOfText(text, `<${el.tag}`), `element <${el.tag}> has no numeric x, y, width and height`);
  }
  const [fx, fy, fw, fh] = nums as [number, number, number, number];
  return { x: fx, y: fy, w: fw, h: fh };
}

function toNode(el: XmlElement, ctx: Context, window: string | undefined): UiNode {
  const a = el.attrs;
  const type = typeOf(el);
  const role = iosRole(type);
  // XCUITest's `name` is the accessibility identifier when one is set, else the label again;
  // a static text with a name and no label shows that name as its text.
  const name = a.name || undefined;
  const nameIsText = role === 'Text' && !a.label;
  const label = a.label || (nameIsText ? name : undefined);
  const id = name !== undefined && name !== label ? name : undefined;
  let value = a.value || undefined;

  const states: UiStates = { enabled: a.enabled !== 'false' };
  if (isIosToggle(role) && value !== undefined && /^[01]$/.test(value)) {
    states.checked = value === '1';
    value = undefined;
  }
  if (a.selected === 'true') states.selected = true;
  if (a.focused === 'true' || a.hasFocus === 'true') states.focused = true;
  if (isIosEditable(role)) states.editable = true;
  if (role === 'SecureTextField') states.password = true;
  if (isIosScrolling(role)) states.scrollable = true;
  // A static text repeats its label as its value: say it once.
  if (value !== undefined && value === label) value = undefined;

  const node: UiNode = {
    role,
    className: type,
    frame: frameOf(el, ctx.text),
    states,
    actions: iosActions(type),
    source: 'ax',
    children: [],
  };
  if (window !== undefined) node.window = window;
  node.children = el.children.map((c) => toNode(c, ctx, ctx.windowOf.get(c) ?? window));
  if (label !== undefined) node.label = label;
  if (value !== undefined) node.value = value;
  if (id !== undefined) node.id = id;
  if (a.visible === 'false') node.visible = false;
  return node;
}

/**
 * iOS XCUITest / WebDriverAgent / Appium page source: XCUIElementType... elements (or `type`
 * attributes) with x, y, width, height already in points (default scale 3). The windows under
 * the application are listed back to front.
 */
export function importIosXml(text: string, options: ImportOptions): Screen {
  let top = parseXml(text, 'ios-xml');
  // Appium wraps the tree in <AppiumAUT>; WebDriverAgent does not.
  while (!typeOf(top).startsWith('XCUIElementType') && top.children.length === 1 && top.children[0]) top = top.children[0];
  if (!typeOf(top).startsWith('XCUIElementType')) {
    throw invalidTree('ios-xml', text, positionOfText(text, `<${top.tag}`), `no XCUIElementType element under <${top.tag}>`);
  }
  const scale = requestedScale(options) ?? DEFAULT_IOS_SCALE;
  const isApp = typeOf(top) === 'XCUIElementTypeApplication';
  const windowEls = isApp ? top.children.filter((c) => typeOf(c) === 'XCUIElementTypeWindow') : [];
  const windows: WindowInfo[] = windowEls.map((el, i) => ({ id: `window${i}`, kind: iosWindowKind(el, (e) => iosRole(typeOf(e)), (e) => e.children), layer: i + 1 }));
  const windowOf = new Map<XmlElement, string>(windowEls.map((el, i) => [el, `window${i}`]));
  // Without window elements the whole tree is one window; with them, the root spans them all.
  const single = windows.length === 0 ? 'window0' : undefined;
  if (single) windows.push({ id: single, kind: 'app', layer: 1 });
  const root = toNode(top, { text, windowOf }, single);
  if (!(root.frame.w > 0 && root.frame.h > 0)) {
    throw invalidTree('ios-xml', text, positionOfOffset(text, 0), 'the root element has no size');
  }
  const app = isApp ? (top.attrs.label || top.attrs.name || undefined) : undefined;
  const size = { w: root.frame.w, h: root.frame.h };
  return assembleScreen({ platform: 'ios', size, scale, windows, root, app });
}
