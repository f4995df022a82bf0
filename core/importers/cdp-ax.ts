import { SimlabError } from '../contract/index.js';
import { intersectRect } from '../model/geometry.js';
import type { Rect } from '../model/geometry.js';
import type { Orientation, Screen, ScrollOffset } from '../model/screen.js';
import type { Role, UiAction, UiNode, UiStates } from '../model/ui-node.js';

/**
 * Chromium's accessibility tree (CDP `Accessibility.getFullAXTree`) joined with the layout
 * of the DOM nodes it points to (`backendDOMNodeId`). The web bridge captures it; this
 * module only turns it into the core model, so a capture saved to a file imports the same way.
 */
export interface CdpAxValue {
  type?: string;
  value?: unknown;
}

export interface CdpAxProperty {
  name: string;
  value: CdpAxValue;
}

export interface CdpAxNode {
  nodeId: string;
  ignored?: boolean;
  role?: CdpAxValue;
  name?: CdpAxValue;
  value?: CdpAxValue;
  properties?: CdpAxProperty[];
  parentId?: string;
  childIds?: string[];
  backendDOMNodeId?: number;
}

/** [x, y, w, h] in points (CSS pixels times the page's zoom), relative to the screen's top-left corner. */
export type CdpRect = [number, number, number, number];

/** Layout facts of one DOM node. */
export interface CdpDomBox {
  frame: CdpRect;
  /** Where the node can be seen: the viewport cut by clipping ancestors; null when nowhere. Absent: the viewport. */
  clip?: CdpRect | null;
  /** The DOM `id` attribute. */
  id?: string;
  /** Lower-case tag name. */
  tag?: string;
  /** Chromium says the node responds to clicks (a listener or a link). */
  clickable?: boolean;
  /** The `type` attribute of an input. */
  inputType?: string;
  /** Present on scroll containers: their scroll offset. */
  scroll?: { x: number; y: number };
  /** Painted over where it can be seen by an opaque element drawn later (a page pushed over it, a modal sheet). */
  covered?: boolean;
}

export interface CdpAxCapture {
  format: 'cdp-ax';
  url?: string;
  title?: string;
  /** Viewport size in points. */
  viewport: { w: number; h: number };
  /** Device pixels per point. */
  scale: number;
  nodes: CdpAxNode[];
  /** Layout by backendDOMNodeId. */
  boxes: Record<string, CdpDomBox>;
  /** Scroll offsets of the document and every scroll container. */
  scroll?: ScrollOffset[];
}

const ROLES: Record<string, Role> = {
  RootWebArea: 'WebView',
  WebArea: 'WebView',
  button: 'Button',
  link: 'Link',
  textbox: 'TextField',
  searchbox: 'SearchField',
  combobox: 'Picker',
  listbox: 'List',
  option: 'Cell',
  checkbox: 'CheckBox',
  switch: 'Switch',
  radio: 'RadioButton',
  slider: 'Slider',
  spinbutton: 'TextField',
  progressbar: 'ProgressBar',
  heading: 'Heading',
  img: 'Image',
  image: 'Image',
  StaticText: 'Text',
  list: 'List',
  listitem: 'Cell',
  feed: 'List',
  article: 'Cell',
  table: 'Table',
  grid: 'Grid',
  treegrid: 'Grid',
  row: 'Cell',
  cell: 'Cell',
  gridcell: 'Cell',
  tab: 'Tab',
  tablist: 'TabBar',
  tabpanel: 'Group',
  toolbar: 'Toolbar',
  menu: 'Menu',
  menubar: 'Menu',
  menuitem: 'MenuItem',
  menuitemcheckbox: 'MenuItem',
  menuitemradio: 'MenuItem',
  dialog: 'Dialog',
  alertdialog: 'Alert',
  alert: 'Alert',
  group: 'Group',
  generic: 'Group',
  none: 'Group',
  presentation: 'Group',
  paragraph: 'Group',
  section: 'Group',
  region: 'Group',
  main: 'Group',
  navigation: 'Group',
  banner: 'Group',
  contentinfo: 'Group',
  complementary: 'Group',
  form: 'Group',
  search: 'Group',
  status: 'Group',
  LabelText: 'Group',
  time: 'Text',
  figure: 'Group',
};

/** Nodes that carry nothing a user can see or act on. */
const DROPPED_ROLES = new Set(['InlineTextBox', 'LineBreak']);
const TAPPABLE: ReadonlySet<Role> = new Set([
  'Button', 'Link', 'CheckBox', 'Switch', 'RadioButton', 'Tab', 'MenuItem', 'TextField', 'SearchField',
  'SecureTextField', 'TextArea', 'Picker', 'Slider',
]);
const TEXT_INPUTS: ReadonlySet<Role> = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea']);

function str(v: CdpAxValue | undefined): string | undefined {
  if (v?.value === undefined || v.value === null) return undefined;
  const s = String(v.value).replace(/\s+/g, ' ').trim();
  return s === '' ? undefined : s;
}

function toRect(r: CdpRect): Rect {
  return { x: r[0], y: r[1], w: r[2], h: r[3] };
}

function props(node: CdpAxNode): Map<string, unknown> {
  return new Map((node.properties ?? []).map((p) => [p.name, p.value?.value]));
}

function roleOf(axRole: string, p: Map<string, unknown>, box: CdpDomBox | undefined): Role {
  if (axRole === 'textbox') {
    if (box?.inputType === 'password') return 'SecureTextField';
    if (p.get('multiline') === true) return 'TextArea';
  }
  if ((axRole === 'generic' || axRole === 'none') && box?.scroll) return 'ScrollView';
  // A role with no honest equivalent keeps Chromium's own name.
  return ROLES[axRole] ?? axRole;
}

function statesOf(role: Role, p: Map<string, unknown>, box: CdpDomBox | undefined): UiStates {
  const s: UiStates = {};
  if (p.get('disabled') === true) s.enabled = false;
  const checked = p.get('checked') ?? p.get('pressed');
  if (checked !== undefined) s.checked = checked === 'true' || checked === 'mixed' || checked === true;
  if (p.has('selected')) s.selected = p.get('selected') === true;
  if (p.get('focused') === true) s.focused = true;
  if (p.has('expanded')) s.expanded = p.get('expanded') === true;
  const editable = p.get('editable');
  if (editable === 'plaintext' || editable === 'richtext') s.editable = true;
  if (box?.scroll) s.scrollable = true;
  if (role === 'SecureTextField') s.password = true;
  if (p.get('busy') === true || (role === 'ProgressBar' && !p.has('valuetext') && !p.has('valuenow'))) s.busy = true;
  return s;
}

function actionsOf(axRole: string, role: Role, p: Map<string, unknown>, box: CdpDomBox | undefined): UiAction[] {
  const actions: UiAction[] = [];
  const focusable = p.get('focusable') === true && role !== 'WebView' && role !== 'ScrollView';
  // A <label> is clickable only to focus its control, which carries the tap itself.
  const clickable = box?.clickable === true && axRole !== 'LabelText';
  if (TAPPABLE.has(role) || clickable || focusable) actions.push('tap');
  if (TEXT_INPUTS.has(role) || (role === 'Slider' && p.get('disabled') !== true)) actions.push('setValue');
  if (box?.scroll) actions.push('scroll');
  return actions;
}

function unionOf(nodes: UiNode[]): Rect | undefined {
  let out: Rect | undefined;
  for (const n of nodes) {
    if (n.frame.w <= 0 && n.frame.h <= 0) continue;
    if (!out) {
      out = { ...n.frame };
      continue;
    }
    const x = Math.min(out.x, n.frame.x);
    const y = Math.min(out.y, n.frame.y);
    out = {
      x,
      y,
      w: Math.max(out.x + out.w, n.frame.x + n.frame.w) - x,
      h: Math.max(out.y + out.h, n.frame.y + n.frame.h) - y,
    };
  }
  return out;
}

function visiblePart(frame: Rect, box: CdpDomBox | undefined, viewport: Rect): Rect {
  const clip = box?.clip === undefined ? viewport : box.clip === null ? null : toRect(box.clip);
  const seen = clip && !box?.covered ? intersectRect(frame, clip) : null;
  // Nothing visible: an empty rectangle at the frame's origin keeps the shape of the model.
  return seen ?? { x: frame.x, y: frame.y, w: 0, h: 0 };
}

function parseCdpAxCapture(text: string): CdpAxCapture {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new SimlabError('INVALID_ARGS', `cdp-ax capture is not valid JSON: ${message}`, { details: { format: 'cdp-ax' } });
  }
  const c = data as Partial<CdpAxCapture>;
  if (!c || typeof c !== 'object' || !Array.isArray(c.nodes) || !c.viewport || typeof c.boxes !== 'object') {
    throw new SimlabError('INVALID_ARGS', 'cdp-ax capture needs `nodes`, `boxes` and `viewport`', {
      details: { format: 'cdp-ax' },
    });
  }
  return c as CdpAxCapture;
}

/** A Chromium accessibility capture as a core Screen: frames in points, visible parts clipped. */
export function importCdpAx(input: string | CdpAxCapture): Screen {
  const capture = typeof input === 'string' ? parseCdpAxCapture(input) : input;
  const byId = new Map(capture.nodes.map((n) => [n.nodeId, n]));
  const viewport: Rect = { x: 0, y: 0, w: capture.viewport.w, h: capture.viewport.h };
  const rootAx = capture.nodes.find((n) => !n.parentId || !byId.has(n.parentId));
  if (!rootAx) {
    throw new SimlabError('INVALID_ARGS', 'cdp-ax capture has no root node', { details: { format: 'cdp-ax' } });
  }
  const seen = new Set<string>();

  const childrenOf = (node: CdpAxNode): UiNode[] => {
    const out: UiNode[] = [];
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (child) out.push(...convert(child));
    }
    return out;
  };

  // Ignored nodes vanish but their visible descendants move up; scroll containers stay.
  const convert = (node: CdpAxNode): UiNode[] => {
    if (seen.has(node.nodeId)) return [];
    seen.add(node.nodeId);
    const axRole = str(node.role) ?? 'none';
    if (DROPPED_ROLES.has(axRole)) return [];
    const box = node.backendDOMNodeId !== undefined ? capture.boxes[String(node.backendDOMNodeId)] : undefined;
    const children = childrenOf(node);
    if (node.ignored && !box?.scroll) return children;
    const p = props(node);
    const role = node.ignored ? 'ScrollView' : roleOf(axRole, p, box);
    const frame = box ? toRect(box.frame) : (unionOf(children) ?? { x: 0, y: 0, w: 0, h: 0 });
    const ui: UiNode = {
      role,
      frame,
      visibleFrame: visiblePart(frame, box, viewport),
      states: statesOf(role, p, box),
      actions: actionsOf(axRole, role, p, box),
      source: 'ax',
      children,
    };
    const label = str(node.name);
    if (label) ui.label = label;
    const value = str(node.value);
    if (value && value !== label) ui.value = value;
    if (box?.id) ui.id = box.id;
    if (box?.tag) ui.className = box.tag;
    return [ui];
  };

  const rootChildren = childrenOf(rootAx);
  seen.add(rootAx.nodeId);
  const title = capture.title ?? str(rootAx.name);
  const root: UiNode = {
    role: 'WebView',
    frame: viewport,
    visibleFrame: viewport,
    states: {},
    actions: [],
    source: 'ax',
    window: 'page',
    children: rootChildren,
  };
  if (title) root.label = title;

  const orientation: Orientation = capture.viewport.w > capture.viewport.h ? 'landscape' : 'portrait';
  const screen: Screen = {
    platform: 'web',
    size: { w: capture.viewport.w, h: capture.viewport.h },
    scale: capture.scale,
    orientation,
    windows: [{ id: 'page', kind: 'app', layer: 0, ...(title ? { title } : {}) }],
    root,
    appState: {
      ...(capture.url ? { url: capture.url } : {}),
      ...(title ? { title } : {}),
      scroll: capture.scroll ?? [],
    },
  };
  const app = appOf(capture.url);
  if (app) {
    screen.app = app;
    screen.appState = { app, ...screen.appState };
  }
  return screen;
}

/** The page's origin names the app (`about:blank` and `data:` pages have none). */
function appOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)/i.exec(url);
  return m ? m[1] : undefined;
}
