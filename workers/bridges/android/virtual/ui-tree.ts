// The device's view of a screen: the node tree `uiautomator dump` prints. Built from captured
// Appium page sources (class-named tags, extra attributes) and printed back in the plain
// `uiautomator dump` form, attribute for attribute in the real tool's order.
import { XMLParser } from 'fast-xml-parser';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface UiNode {
  text: string;
  resourceId: string;
  className: string;
  packageName: string;
  contentDesc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  bounds: Bounds;
  children: UiNode[];
}

/** Text an app draws itself (on a SurfaceView: a game, a map, a video): on screen, never in a dump. */
export interface PaintedButton {
  text: string;
  bounds: Bounds;
}

export interface UiTree {
  rotation: number;
  width: number;
  height: number;
  root: UiNode[];
  /** What the screen shows that the dump does not name (rendered, not printed). */
  painted?: PaintedButton[];
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

export function parseBounds(text: string): Bounds {
  const m = BOUNDS.exec(text);
  if (!m) throw new Error(`bad bounds ${text}`);
  return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) };
}

function toNode(tag: string, attrs: Record<string, string>, children: UiNode[]): UiNode {
  const flag = (name: string) => attrs[name] === 'true';
  return {
    text: attrs.text ?? '',
    resourceId: attrs['resource-id'] ?? '',
    className: attrs.class ?? tag,
    packageName: attrs.package ?? '',
    contentDesc: attrs['content-desc'] ?? '',
    checkable: flag('checkable'),
    checked: flag('checked'),
    clickable: flag('clickable'),
    enabled: flag('enabled'),
    focusable: flag('focusable'),
    focused: flag('focused'),
    scrollable: flag('scrollable'),
    longClickable: flag('long-clickable'),
    password: flag('password'),
    selected: flag('selected'),
    bounds: parseBounds(attrs.bounds ?? '[0,0][0,0]'),
    children,
  };
}

/** Reads an Appium UiAutomator2 page source or a plain dump; nodes not displayed are dropped. */
export function parseUiXml(xml: string): UiTree {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    htmlEntities: true,
    trimValues: false,
  });
  const doc = parser.parse(xml) as Ordered[];
  const convert = (items: Ordered[]): UiNode[] => {
    const out: UiNode[] = [];
    for (const item of items) {
      const tag = Object.keys(item).find((k) => k !== ':@' && k !== '#text');
      if (!tag || tag === '?xml') continue;
      const attrs = item[':@'] ?? {};
      if (attrs.displayed === 'false') continue;
      out.push(toNode(tag, attrs, convert((item[tag] as Ordered[]) ?? [])));
    }
    return out;
  };
  const hierarchy = doc.find((i) => 'hierarchy' in i);
  if (!hierarchy) throw new Error('no <hierarchy> element');
  const attrs = hierarchy[':@'] ?? {};
  const root = convert((hierarchy.hierarchy as Ordered[]) ?? []);
  const first = root[0]?.bounds;
  return {
    rotation: Number(attrs.rotation ?? 0),
    width: Number(attrs.width ?? first?.right ?? 0),
    height: Number(attrs.height ?? first?.bottom ?? 0),
    root,
  };
}

export function cloneTree(tree: UiTree): UiTree {
  return structuredClone(tree);
}

function escapeAttr(value: string): string {
  return value.replace(/[&<>"\n\r\t]/g, (c) => {
    switch (c) {
      case '&': return '&amp;';
      case '<': return '&lt;';
      case '>': return '&gt;';
      case '"': return '&quot;';
      default: return `&#${c.charCodeAt(0)};`;
    }
  });
}

function boundsText(b: Bounds): string {
  return `[${b.left},${b.top}][${b.right},${b.bottom}]`;
}

/** The nodes as XML elements: a tag and attributes per node, children inside their parent. */
function writeNodes(nodes: UiNode[], element: (node: UiNode, index: number) => { tag: string; attrs: [string, string][] }): string {
  const parts: string[] = [];
  const write = (node: UiNode, index: number) => {
    const { tag, attrs } = element(node, index);
    parts.push(`<${tag} ${attrs.map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}`);
    if (!node.children.length) {
      parts.push(' />');
      return;
    }
    parts.push('>');
    node.children.forEach(write);
    parts.push(`</${tag}>`);
  };
  nodes.forEach(write);
  return parts.join('');
}

/** The document `uiautomator dump` writes: one line, `<node>` elements, the tool's attribute order. */
export function serializeDump(tree: UiTree): string {
  const body = writeNodes(tree.root, (node, index) => ({
    tag: 'node',
    attrs: [
      ['index', String(index)],
      ['text', node.text],
      ['resource-id', node.resourceId],
      ['class', node.className],
      ['package', node.packageName],
      ['content-desc', node.contentDesc],
      ['checkable', String(node.checkable)],
      ['checked', String(node.checked)],
      ['clickable', String(node.clickable)],
      ['enabled', String(node.enabled)],
      ['focusable', String(node.focusable)],
      ['focused', String(node.focused)],
      ['scrollable', String(node.scrollable)],
      ['long-clickable', String(node.longClickable)],
      ['password', String(node.password)],
      ['selected', String(node.selected)],
      ['bounds', boundsText(node.bounds)],
    ],
  }));
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="${tree.rotation}">${body}</hierarchy>`;
}

/**
 * The page source the UiAutomator2 server answers (as in the captured Appium sources this tree is
 * built from): class-named elements, the hierarchy's size, attributes in the server's order,
 * resource-id and content-desc only when set, `displayed`.
 */
export function serializePageSource(tree: UiTree): string {
  const body = writeNodes(tree.root, (node, index) => ({
    tag: /^[A-Za-z_][\w.-]*$/.test(node.className) ? node.className : 'android.view.View',
    attrs: [
      ['index', String(index)],
      ['package', node.packageName],
      ['class', node.className],
      ['text', node.text],
      ...(node.resourceId ? ([['resource-id', node.resourceId]] as [string, string][]) : []),
      ...(node.contentDesc ? ([['content-desc', node.contentDesc]] as [string, string][]) : []),
      ['checkable', String(node.checkable)],
      ['checked', String(node.checked)],
      ['clickable', String(node.clickable)],
      ['enabled', String(node.enabled)],
      ['focusable', String(node.focusable)],
      ['focused', String(node.focused)],
      ['long-clickable', String(node.longClickable)],
      ['password', String(node.password)],
      ['scrollable', String(node.scrollable)],
      ['selected', String(node.selected)],
      ['bounds', boundsText(node.bounds)],
      ['displayed', 'true'],
    ],
  }));
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<hierarchy index="0" class="hierarchy" rotation="${tree.rotation}" width="${tree.width}" height="${tree.height}">${body}</hierarchy>`;
}

/** Every node, parents before children. */
export function* walk(nodes: UiNode[], ancestors: UiNode[] = []): Generator<{ node: UiNode; ancestors: UiNode[] }> {
  for (const node of nodes) {
    yield { node, ancestors };
    yield* walk(node.children, [...ancestors, node]);
  }
}

export function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

/** The deepest node under a point, with its ancestors (the last one drawn wins, as on screen). */
export function hitTest(tree: UiTree, x: number, y: number): { node: UiNode; ancestors: UiNode[] } | null {
  let best: { node: UiNode; ancestors: UiNode[]; depth: number } | null = null;
  for (const hit of walk(tree.root)) {
    if (!contains(hit.node.bounds, x, y)) continue;
    if (!best || hit.ancestors.length >= best.depth) best = { ...hit, depth: hit.ancestors.length };
  }
  return best;
}
