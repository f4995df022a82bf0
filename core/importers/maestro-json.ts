import { rectArea, scaleRect, type Rect } from '../model/geometry.js';
import type { Platform, Screen, WindowInfo } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { androidNode } from './android-node.js';
import { androidRole, guessAndroidScale, isEditableRole } from './android-roles.js';
import { androidWindows } from './android-windows.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { DEFAULT_IOS_SCALE } from './ios-roles.js';
import { isJsonObject as isObject, nonEmptyString as str, parseJson } from './json-text.js';
import { failedCommandScreen } from './maestro-commands.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { applicationRoot, assembleScreen } from './screen-parts.js';

type TreeNode = Record<string, unknown>;

const BOUNDS = /^\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]$/;
const WINDOW = 'window0';

interface Context {
  text: string;
  platform: Platform;
  scale: number;
  window: string;
}

const attrsOf = (n: TreeNode): Record<string, unknown> => (isObject(n.attributes) ? n.attributes : {});
const kidsOf = (n: TreeNode): TreeNode[] => (Array.isArray(n.children) ? n.children.filter(isObject) : []);

/** Maestro writes its flags as strings in `attributes` and again as booleans beside them. */
function flag(n: TreeNode, name: string): boolean | undefined {
  const a = attrsOf(n)[name];
  if (a === 'true' || a === true) return true;
  if (a === 'false' || a === false) return false;
  const b = n[name];
  return typeof b === 'boolean' ? b : undefined;
}

/** `[x1,y1][x2,y2]`; null when the node has no bounds (Maestro's empty root). */
function boundsOf(n: TreeNode, text: string): Rect | null {
  const raw = attrsOf(n).bounds;
  if (raw === undefined || raw === '') return null;
  const m = typeof raw === 'string' ? BOUNDS.exec(raw.trim()) : null;
  if (!m) {
    throw invalidTree('maestro-json', text, positionOfText(text, JSON.stringify(raw)), `a node has no valid "bounds": "[x1,y1][x2,y2]" (got ${JSON.stringify(raw)})`);
  }
  const [x1, y1, x2, y2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** Android's flavour carries the view class or an `:id/` resource id; the iOS flavour carries neither. */
function platformOf(root: TreeNode): Platform {
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as TreeNode;
    const a = attrsOf(n);
    if (typeof a.class === 'string' || typeof a.package === 'string') return 'android';
    if (typeof a['resource-id'] === 'string' && a['resource-id'].includes(':id/')) return 'android';
    stack.push(...kidsOf(n));
  }
  return 'ios';
}

function toNode(n: TreeNode, ctx: Context, frame: Rect): UiNode {
  const a = attrsOf(n);
  const className = str(a.class);
  // Maestro names no element type on iOS (nor on Android without `class`): such an element is `Other`.
  let role = className ? androidRole(className) : 'Other';
  const password = flag(n, 'password') === true;
  // A hint is what Maestro has for a text field's placeholder: the element takes text.
  const editable = isEditableRole(role) || (role === 'Other' && str(a.hintText) !== undefined);
  if (editable && role === 'Other') role = 'TextField';
  if (editable && password) role = 'SecureTextField';
  let label: string | undefined;
  let value: string | undefined;
  if (editable) {
    // A field's text is its value; what names it is its description or its hint.
    label = str(a.accessibilityText) ?? str(a.hintText);
    value = str(a.text) ?? str(a.value);
  } else {
    label = ctx.platform === 'ios' ? (str(a.accessibilityText) ?? str(a.text) ?? str(a.title)) : (str(a.text) ?? str(a.accessibilityText));
    value = ctx.platform === 'ios' ? str(a.value) : undefined;
    if (value === label) value = undefined;
  }
  const checked = flag(n, 'checked') === true ? true : flag(n, 'checkable') === true ? false : undefined;
  const node = androidNode({
    role,
    className: className ?? 'Other',
    frame,
    window: ctx.window,
    children: kidsOf(n).flatMap((c) => placed(c, ctx)),
    label,
    value,
    resourceId: str(a['resource-id']),
    visible: flag(n, 'visible') !== false,
    enabled: flag(n, 'enabled') !== false,
    checked,
    selected: flag(n, 'selected') === true,
    focused: flag(n, 'focused') === true,
    scrollable: flag(n, 'scrollable') === true,
    password,
    editable,
    clickable: flag(n, 'clickable') === true,
    longClickable: flag(n, 'long-clickable') === true,
  });
  if (!className) delete node.className;
  return node;
}

/** A node with bounds as a UiNode; a node without (Maestro's root, empty or `[0,0][0,0]`) gives its children. */
function placed(n: TreeNode, ctx: Context): UiNode[] {
  const f = topBounds(n, ctx.text);
  if (f) return [toNode(n, ctx, ctx.platform === 'android' ? scaleRect(f, ctx.scale) : f)];
  return kidsOf(n).flatMap((c) => placed(c, ctx));
}

function topBounds(n: TreeNode, text: string): Rect | null {
  const f = boundsOf(n, text);
  return f && (f.w > 0 || f.h > 0) ? f : null;
}

/** The outermost nodes with bounds: the windows (Android) or the application (iOS). */
function outermost(n: TreeNode, text: string): TreeNode[] {
  return topBounds(n, text) ? [n] : kidsOf(n).flatMap((c) => outermost(c, text));
}

/**
 * Maestro's `maestro hierarchy` JSON: nested `{attributes, children}` with `bounds` as
 * `"[x1,y1][x2,y2]"` and flags as strings. The Android flavour (view `class`, `resource-id`
 * with `:id/`) is in pixels and becomes points with the density that makes the screen ~411
 * points wide, each outermost node a window (as in uiautomator's dump); the iOS flavour is in
 * points (default scale 3), one window.
 * Maestro's debug output of a flow (commands-*.json) gives the screen of its last failed command.
 */
export function importMaestroJson(text: string, options: ImportOptions): Screen {
  const parsed = parseJson(text, 'maestro-json');
  const doc = failedCommandScreen(parsed, text) ?? parsed;
  if (!isObject(doc) || !(isObject(doc.attributes) || Array.isArray(doc.children))) {
    throw invalidTree('maestro-json', text, positionOfOffset(text, 0), 'the document is not a Maestro tree node {attributes, children}');
  }
  // The screen is what the outermost nodes span; content scrolled out of it lies beyond.
  const tops = outermost(doc, text);
  const rects = tops.map((n) => topBounds(n, text) as Rect);
  if (rects.length === 0) throw invalidTree('maestro-json', text, positionOfOffset(text, 0), 'no node has bounds');
  const widthPx = Math.max(...rects.map((r) => r.x + r.w));
  const heightPx = Math.max(...rects.map((r) => r.y + r.h));
  if (!(widthPx > 0 && heightPx > 0)) throw invalidTree('maestro-json', text, positionOfOffset(text, 0), 'the screen has no size');
  const platform = platformOf(doc);
  const scale = requestedScale(options) ?? (platform === 'android' ? guessAndroidScale(Math.min(widthPx, heightPx)) : DEFAULT_IOS_SCALE);
  const size = platform === 'android' ? { w: widthPx / scale, h: heightPx / scale } : { w: widthPx, h: heightPx };
  if (platform === 'android') {
    // Each outermost node is a window (status bar, an edge panel, the app), as in uiautomator's dump.
    const windows = androidWindows(tops.map(packageOf));
    const roots = tops.map((n, i) => toNode(n, { text, platform, scale, window: (windows[i] as WindowInfo).id }, scaleRect(topBounds(n, text) as Rect, scale)));
    // The app is the topmost app window that covers half the screen (an edge panel above it is not).
    const covering = windows.find((w, i) => w.kind === 'app' && rectArea(rects[i] as Rect) >= (widthPx * heightPx) / 2);
    const app = covering?.title;
    return assembleScreen({ platform, size, scale, windows, root: applicationRoot(size, roots, app), app });
  }
  const ctx: Context = { text, platform, scale, window: WINDOW };
  // The iOS flavour's outermost node is the application, labelled with its name.
  const app = tops.length === 1 && tops[0] ? str(attrsOf(tops[0]).accessibilityText) : undefined;
  const window: WindowInfo = { id: WINDOW, kind: 'app', layer: 1 };
  if (app) window.title = app;
  const nodes = placed(doc, ctx);
  nodes.forEach(markScrollers);
  const root = applicationRoot(size, nodes, app);
  root.window = WINDOW;
  return assembleScreen({ platform, size, scale, windows: [window], root, app });
}

/** iOS names a scroll view's bars after what they scroll: "Vertical scroll bar, 3 pages". */
const SCROLL_BAR = /^(?:vertical|horizontal) scroll bar, (\d+) pages?\b/i;

/**
 * Maestro's iOS flavour names no scroll view, but iOS lists a scroll view's bars among its
 * children, labelled with how many pages it holds: a view with a bar of two pages or more
 * scrolls (one page: its content fits, as in every view Maestro lists with bars).
 */
function markScrollers(n: UiNode): void {
  n.children.forEach(markScrollers);
  const pages = n.children.map((c) => Number(SCROLL_BAR.exec(c.label ?? '')?.[1] ?? 0));
  if (Math.max(0, ...pages) < 2) return;
  n.states.scrollable = true;
  if (!n.actions.includes('scroll')) n.actions.push('scroll');
}

/**
 * A window's package: its `package` attribute where Maestro gives one, else the prefix of its
 * first app resource id (`com.android.systemui:id/clock`); the framework's `android:id/` says nothing.
 */
function packageOf(n: TreeNode): string {
  const a = attrsOf(n);
  const pkg = str(a.package);
  if (pkg) return pkg;
  const id = str(a['resource-id']);
  const prefix = id?.includes(':id/') ? id.slice(0, id.indexOf(':id/')) : undefined;
  if (prefix && prefix !== 'android') return prefix;
  for (const c of kidsOf(n)) {
    const found = packageOf(c);
    if (found) return found;
  }
  return '';
}
