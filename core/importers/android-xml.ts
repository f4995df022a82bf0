import { scaleRect, type Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { androidNode } from './android-node.js';
import { androidRole, guessAndroidScale, isEditableRole } from './android-roles.js';
import { androidWindows } from './android-windows.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { applicationRoot, assembleScreen } from './screen-parts.js';
import { parseXml, type XmlElement } from './xml-tree.js';

const BOUNDS = /^\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]$/;

interface Context {
  text: string;
  scale: number;
  window: string;
}

function pixelBounds(el: XmlElement, text: string): Rect {
  const raw = el.attrs.bounds;
  const m = raw === undefined ? null : BOUNDS.exec(raw);
  if (!m) {
    const where = raw === undefined ? positionOfText(text, `<${el.tag}`) : positionOfText(text, `bounds="${raw}"`);
    throw invalidTree('android-xml', text, where, `element <${el.tag}> has no valid bounds="[x1,y1][x2,y2]" (got ${JSON.stringify(raw ?? null)})`);
  }
  const [x1, y1, x2, y2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

const isTrue = (v: string | undefined): boolean => v === 'true';

function toNode(el: XmlElement, ctx: Context, parentVisible: boolean): UiNode {
  const a = el.attrs;
  // `uiautomator dump` writes <node class="...">; Appium writes the class as the tag.
  const className = a.class ?? el.tag;
  const password = isTrue(a.password);
  let role = androidRole(className);
  const editable = isEditableRole(role);
  if (editable && password) role = 'SecureTextField';

  const text = a.text || undefined;
  const desc = a['content-desc'] || undefined;
  const showingHint = isTrue(a['showing-hint']);
  let label: string | undefined;
  let value: string | undefined;
  if (editable) {
    // A field's text is its value; what names it is its description or hint.
    label = desc ?? (a.hint || undefined) ?? (showingHint ? text : undefined);
    value = showingHint ? undefined : text;
  } else {
    // The visible text is what an agent (and OCR) matches; the description names icons.
    label = text ?? desc;
  }

  const px = pixelBounds(el, ctx.text);
  const visible = parentVisible && a.displayed !== 'false';
  const node = androidNode({
    role,
    className,
    frame: scaleRect(px, ctx.scale),
    window: ctx.window,
    children: el.children.map((c) => toNode(c, ctx, visible)),
    label,
    value,
    resourceId: a['resource-id'],
    visible,
    enabled: a.enabled !== 'false',
    checked: isTrue(a.checkable) ? isTrue(a.checked) : undefined,
    selected: isTrue(a.selected),
    focused: isTrue(a.focused),
    scrollable: isTrue(a.scrollable),
    password,
    editable,
    clickable: isTrue(a.clickable),
    longClickable: isTrue(a['long-clickable']),
  });
  const drawingOrder = Number(a['drawing-order']);
  if (a['drawing-order'] !== undefined && Number.isFinite(drawingOrder)) node.drawingOrder = drawingOrder;
  return node;
}

/**
 * Android `uiautomator dump` XML and Appium UiAutomator2 page source. Bounds are pixels and
 * become points with `scale` (default: the common density that makes the screen ~411 points
 * wide). Each top-level element is a window; they come topmost first (the order of
 * `AccessibilityService.getWindows()`), so the first app window is the frontmost app.
 */
export function importAndroidXml(text: string, options: ImportOptions): Screen {
  const doc = parseXml(text, 'android-xml');
  const tops = doc.tag === 'hierarchy' ? doc.children : [doc];
  if (tops.length === 0) throw invalidTree('android-xml', text, positionOfOffset(text, 0), 'the <hierarchy> holds no elements');

  const pxBounds = tops.map((el) => pixelBounds(el, text));
  const attrW = Number(doc.attrs.width);
  const attrH = Number(doc.attrs.height);
  // Appium's width and height can leave out the status bar while the bounds are the screen's
  // (Spoon: height 2420 on a 2514 px screen), so the windows' extent is the floor.
  const widthPx = Math.max(attrW > 0 ? attrW : 0, ...pxBounds.map((b) => b.x + b.w));
  const heightPx = Math.max(attrH > 0 ? attrH : 0, ...pxBounds.map((b) => b.y + b.h));
  if (!(widthPx > 0 && heightPx > 0)) {
    throw invalidTree('android-xml', text, positionOfOffset(text, 0), 'the screen has no size');
  }
  const scale = requestedScale(options) ?? guessAndroidScale(Math.min(widthPx, heightPx));

  const windows = androidWindows(tops.map((el) => el.attrs.package ?? ''));
  const roots = tops.map((el, i) => toNode(el, { text, scale, window: (windows[i] as WindowInfo).id }, true));

  const front = windows.find((w) => w.kind === 'app') ?? windows[0];
  const app = front?.title;
  // Bounds are in the rotated display's coordinates, so the sides say the orientation.
  const size = { w: widthPx / scale, h: heightPx / scale };
  return assembleScreen({ platform: 'android', size, scale, windows, root: applicationRoot(size, roots, app), app });
}
