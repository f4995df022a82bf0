import type { CDPSession } from 'playwright-core';
import type { Point, Rect, UiNode } from '../../../core/model/index.js';
import { intersectRect } from '../../../core/model/index.js';
import { clientRectToPoints, pointToDocumentCss, readPageView, type PageView } from './page-view.js';

/** What the page says about one element of the chain from the hit element up to <body>. */
interface ElementFacts {
  tag: string;
  role: string;
  id: string;
  label: string;
  /** A control by its markup: a link, a form control, an interactive role, onclick, tabindex, or where a pointer cursor starts. */
  control: boolean;
  rect: Rect;
  /** The viewport cut by the element's clipping ancestors. */
  clip: Rect | null;
}

/** Runs in the page on the array of elements. */
function describeChain(this: Element[]): ElementFacts[] {
  const INTERACTIVE = /^(button|link|checkbox|switch|radio|tab|menuitem|option|slider|textbox|searchbox|combobox)$/;
  // The part of the layout viewport on screen (smaller than it when the page is zoomed in).
  const vv = window.visualViewport;
  const view = vv ? { x: vv.offsetLeft, y: vv.offsetTop, w: vv.width, h: vv.height } : { x: 0, y: 0, w: innerWidth, h: innerHeight };
  return this.map((el) => {
    const style = getComputedStyle(el);
    const parentStyle = el.parentElement ? getComputedStyle(el.parentElement) : null;
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role') ?? '';
    const tabindex = el.getAttribute('tabindex');
    const control =
      (tag === 'a' && el.hasAttribute('href')) ||
      ['button', 'input', 'select', 'textarea', 'summary', 'label'].includes(tag) ||
      INTERACTIVE.test(role) ||
      el.hasAttribute('onclick') ||
      (tabindex !== null && Number(tabindex) >= 0) ||
      (style.cursor === 'pointer' && parentStyle?.cursor !== 'pointer');
    const b = el.getBoundingClientRect();
    const rect = { x: b.x, y: b.y, w: b.width, h: b.height };
    let clip: { x: number; y: number; w: number; h: number } | null = view;
    for (let a = el.parentElement; a && clip && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      // Inline intersection: a named helper would not survive serialization into the page.
      const ab = a.getBoundingClientRect();
      const x = Math.max(clip.x, ab.x + a.clientLeft);
      const y = Math.max(clip.y, ab.y + a.clientTop);
      const r = Math.min(clip.x + clip.w, ab.x + a.clientLeft + a.clientWidth);
      const btm = Math.min(clip.y + clip.h, ab.y + a.clientTop + a.clientHeight);
      clip = r <= x || btm <= y ? null : { x, y, w: r - x, h: btm - y };
    }
    const text = (el as HTMLElement).innerText ?? el.textContent ?? '';
    const label =
      el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('alt') || text.replace(/\s+/g, ' ').trim().slice(0, 80);
    return { tag, role, id: el.id, label, control, rect, clip };
  });
}

/** Runs in the page: the element and its ancestors below <body>. A ::before/::after hit counts as its element. */
function chainOf(this: Node | { element?: Element }): Element[] {
  const out: Element[] = [];
  let el: Element | null = this instanceof Element ? this : this instanceof Node ? this.parentElement : (this.element ?? null);
  for (; el && el !== document.body && el !== document.documentElement; el = el.parentElement) out.push(el);
  return out;
}

const POINTER_EVENTS = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend']);

const ROLE_BY_TAG: Record<string, UiNode['role']> = {
  a: 'Link',
  button: 'Button',
  input: 'TextField',
  textarea: 'TextArea',
  select: 'Picker',
  img: 'Image',
  summary: 'Button',
};
const ROLE_BY_ARIA: Record<string, UiNode['role']> = {
  button: 'Button',
  link: 'Link',
  checkbox: 'CheckBox',
  switch: 'Switch',
  radio: 'RadioButton',
  tab: 'Tab',
  menuitem: 'MenuItem',
  option: 'Cell',
  slider: 'Slider',
  textbox: 'TextField',
  searchbox: 'SearchField',
  combobox: 'Picker',
};

/** The model's role for an element by its ARIA role, else its tag; `Other` when neither says. */
export function roleOfElement(tag: string, ariaRole: string): UiNode['role'] {
  return ROLE_BY_ARIA[ariaRole] ?? ROLE_BY_TAG[tag] ?? 'Other';
}

/**
 * The element that would take a tap at this point: the hit element or its nearest ancestor
 * with a pointer/click/touch listener or the markup of a control. Elements the accessibility
 * tree hides (aria-hidden) are found the same way; that is the point of hit-testing.
 */
export async function hitTestAt(cdp: CDPSession, point: Point): Promise<UiNode | null> {
  const view = await readPageView(cdp);
  const css = pointToDocumentCss(view, point);
  const hit = (await cdp.send('DOM.getNodeForLocation', {
    x: Math.round(css.x),
    y: Math.round(css.y),
    includeUserAgentShadowDOM: false,
    ignorePointerEventsNone: true,
  })) as { backendNodeId: number };
  const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: hit.backendNodeId });
  if (!object.objectId) return null;
  // A ::before/::after (e.g. a card link stretched over its card) is tapped where its own box is.
  const pseudoBox = object.className === 'CSSPseudoElement' ? await boxOf(cdp, hit.backendNodeId) : undefined;
  const chain = await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: chainOf.toString() });
  const chainId = chain.result.objectId;
  if (!chainId) return null;
  try {
    const [facts, props] = await Promise.all([
      cdp.send('Runtime.callFunctionOn', { objectId: chainId, functionDeclaration: describeChain.toString(), returnByValue: true }),
      cdp.send('Runtime.getProperties', { objectId: chainId, ownProperties: true }),
    ]);
    const list = (facts.result.value ?? []) as ElementFacts[];
    const ids = new Map(props.result.filter((p) => /^\d+$/.test(p.name)).map((p) => [Number(p.name), p.value?.objectId]));
    for (let i = 0; i < list.length; i++) {
      const el = list[i] as ElementFacts;
      let clickable = el.control;
      const objectId = ids.get(i);
      if (!clickable && objectId) {
        const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId, depth: 0 });
        clickable = listeners.some((l) => POINTER_EVENTS.has(l.type));
      }
      if (clickable) return toNode(i === 0 && pseudoBox ? { ...el, rect: union(el.rect, pseudoBox) } : el, view);
    }
    return null;
  } finally {
    await cdp.send('Runtime.releaseObject', { objectId: chainId }).catch(() => undefined);
  }
}

/** The border box of a node, in CSS px of the layout viewport (as getBoundingClientRect). */
async function boxOf(cdp: CDPSession, backendNodeId: number): Promise<Rect | undefined> {
  const box = await cdp.send('DOM.getBoxModel', { backendNodeId }).catch(() => undefined);
  const q = box?.model.border;
  if (!q || q.length < 8) return undefined;
  const xs = [q[0], q[2], q[4], q[6]] as number[];
  const ys = [q[1], q[3], q[5], q[7]] as number[];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

function toNode(el: ElementFacts, view: PageView): UiNode | null {
  const seen = el.clip ? intersectRect(el.rect, el.clip) : null;
  if (!seen) return null;
  const visible = clientRectToPoints(view, seen);
  const role = roleOfElement(el.tag, el.role);
  const node: UiNode = {
    role,
    frame: clientRectToPoints(view, el.rect),
    visibleFrame: visible,
    states: {},
    actions: ['tap'],
    source: 'hit',
    className: el.tag,
    children: [],
  };
  if (el.label) node.label = el.label;
  if (el.id) node.id = el.id;
  return node;
}
