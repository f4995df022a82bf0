import { scaleRect, type Rect } from '../model/geometry.js';
import type { Screen, WindowInfo } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { androidNode } from './android-node.js';
import { androidRole, guessAndroidScale, isEditableRole } from './android-roles.js';
import { requestedScale, type ImportOptions } from './import-options.js';
import { isJsonObject as isObject, nonEmptyString as str, parseJson } from './json-text.js';
import { invalidTree, positionOfOffset, positionOfText } from './parse-error.js';
import { applicationRoot, assembleScreen } from './screen-parts.js';

/** Rico captured every screen on a 1440x2560 pixel canvas. */
const CANVAS = { w: 1440, h: 2560 };

type RicoNode = Record<string, unknown>;

interface Context {
  text: string;
  scale: number;
  window: string;
}

function pixelBounds(n: RicoNode, ctx: Context): Rect {
  const b = n.bounds;
  if (!Array.isArray(b) || b.length !== 4 || !b.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    const where = typeof n.pointer === 'string' ? positionOfText(ctx.text, `"${n.pointer}"`) : positionOfOffset(ctx.text, 0);
    throw invalidTree('rico', ctx.text, where, `a node has no valid "bounds": [x1, y1, x2, y2] (got ${JSON.stringify(b ?? null)})`);
  }
  const [x1, y1, x2, y2] = b as [number, number, number, number];
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

function toNode(n: RicoNode, ctx: Context, parentVisible: boolean): UiNode {
  const className = str(n.class) ?? 'View';
  const ancestors = Array.isArray(n.ancestors) ? n.ancestors.filter((a): a is string => typeof a === 'string') : [];
  const role = androidRole(className, ancestors);
  const editable = isEditableRole(role);
  const text = str(n.text);
  const desc = Array.isArray(n['content-desc']) ? n['content-desc'].map(str).find((d) => d !== undefined) : str(n['content-desc']);
  const label = editable ? (desc ?? str(n['text-hint'])) : (text ?? desc);
  const value = editable ? text : undefined;
  const scrollable = n['scrollable-vertical'] === true || n['scrollable-horizontal'] === true;

  // A view shows only when it and all its parents are VISIBLE and Android says the user can see it.
  const visible = parentVisible && (n.visibility === undefined || n.visibility === 'visible') && n['visible-to-user'] !== false;
  const px = pixelBounds(n, ctx);
  const kids = Array.isArray(n.children) ? n.children.filter(isObject) : [];
  return androidNode({
    role,
    className,
    frame: scaleRect(px, ctx.scale),
    window: ctx.window,
    children: kids.map((c) => toNode(c, ctx, visible)),
    label,
    value,
    resourceId: str(n['resource-id']),
    visible,
    enabled: n.enabled !== false,
    checked: undefined,
    selected: n.selected === true,
    focused: n.focused === true,
    scrollable,
    password: false,
    editable,
    clickable: n.clickable === true,
    longClickable: n['long-clickable'] === true,
  });
}

/** Rico view hierarchy JSON: `activity.root` on a 1440x2560 canvas (default scale 3.5). */
export function importRico(text: string, options: ImportOptions): Screen {
  const doc = parseJson(text, 'rico');
  const activity = isObject(doc) ? doc.activity : undefined;
  const rootRaw = isObject(activity) ? activity.root : undefined;
  if (!isObject(rootRaw)) throw invalidTree('rico', text, positionOfText(text, '"activity"'), 'no "activity": { "root": {...} } object');

  const activityName = isObject(doc) ? str(doc.activity_name) : undefined;
  const app = activityName?.split('/')[0] ?? str(rootRaw.package);
  const scale = requestedScale(options) ?? guessAndroidScale(CANVAS.w);
  const windowId = app ?? 'app';
  const ctx: Context = { text, scale, window: windowId };
  const windowRoot = toNode(rootRaw, ctx, true);
  const widthPx = Math.max(CANVAS.w, windowRoot.frame.x * scale + windowRoot.frame.w * scale);
  const heightPx = Math.max(CANVAS.h, windowRoot.frame.y * scale + windowRoot.frame.h * scale);
  const size = { w: widthPx / scale, h: heightPx / scale };

  const window: WindowInfo = { id: windowId, kind: 'app', layer: 1 };
  if (app) window.title = app;
  const root = applicationRoot(size, [windowRoot], app);
  const screen = assembleScreen({ platform: 'android', size, scale, windows: [window], root, app });
  if (screen.appState && activityName?.includes('/')) screen.appState.activity = activityName.slice(activityName.indexOf('/') + 1);
  return screen;
}
