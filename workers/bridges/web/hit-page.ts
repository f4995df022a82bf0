/**
 * Code that runs inside the page (serialized with toString, so each function is self-contained):
 * a record of the pointer listeners the page adds, and one scan that names every control painted
 * in some regions. Inside the page, evidence (markup, listeners, cursor, icons, painted boxes)
 * costs microseconds per element and `elementFromPoint` confirms what a tap reaches, where a CDP
 * hit test costs a round trip per point: a whole hole is read in one call.
 */

/** Where the page keeps its listener record: a global symbol, invisible to `for in` and JSON. */
export const LISTENERS_KEY = 'simlab.listeners';

/** Regions are in CSS px of the layout viewport (as getBoundingClientRect). */
export interface ScanRequest {
  regions: Array<{ x: number; y: number; w: number; h: number }>;
}

/** What the label of a found control can be made of (hit-labels.ts decides). */
export interface LabelFacts {
  aria?: string;
  title?: string;
  alt?: string;
  /** An icon font's ligature (`chevron_left`) or an icon class name (`icon-back`). */
  icon?: string;
  text?: string;
  /** Short text next to the control (a tab's caption below its icon). */
  nearby?: string;
}

export interface ScannedControl {
  tag: string;
  role: string;
  id: string;
  /** Why it counts as a control. */
  evidence: 'markup' | 'listener' | 'cursor' | 'delegated';
  rect: { x: number; y: number; w: number; h: number };
  /** The part of rect not cut by the viewport or clipping ancestors. */
  visible: { x: number; y: number; w: number; h: number };
  label: LabelFacts;
}

/**
 * Init script: remembers which targets got pointer listeners (the page's own code cannot see
 * them, and CDP's DOMDebugger costs a round trip per element). Delegated handlers, where a
 * router or a UI kit listens on the document for every tap, show up as listeners on an ancestor.
 */
export function recordListeners(key: string): void {
  const sym = Symbol.for(key);
  const w = window as unknown as Record<symbol, unknown>;
  if (w[sym]) return;
  const record = new WeakMap<EventTarget, Set<string>>();
  Object.defineProperty(window, sym, { value: record, enumerable: false });
  const pointer = /^(click|mousedown|mouseup|pointerdown|pointerup|touchstart|touchend|tap)$/;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
    if (pointer.test(type)) {
      const set = record.get(this) ?? new Set<string>();
      set.add(type);
      record.set(this, set);
    }
    return (add as (...a: unknown[]) => void).call(this, type, ...rest);
  } as typeof EventTarget.prototype.addEventListener;
}

/** Runs in the page: every control painted in the regions that a tap there would reach. */
export function scanPage(req: ScanRequest, key: string): ScannedControl[] {
  const record = (window as unknown as Record<symbol, WeakMap<EventTarget, Set<string>> | undefined>)[Symbol.for(key)];
  const INTERACTIVE = /^(button|link|checkbox|switch|radio|tab|menuitem|menuitemcheckbox|option|slider|textbox|searchbox|combobox|treeitem)$/;
  // A class that says "this is an icon" on its own, and one that names which (`icon-back`, `fa-bars`).
  const ICON_MARKER = /^(icon|icons|material-icons(-[a-z]+)?|material-symbols(-[a-z]+)?|fa|fas|far|fab|bi|glyphicon|f7-icons|ons-icon|zmdi|mdi|ionicons?)$/i;
  const ICON_NAME = /^(icon|ion|fa|bi|f7-icon|ons-icon|zmdi|mdi)[-_][a-z]/;
  const GENERIC = /^(icon|ion|fa|bi|zmdi|mdi)[-_](button|btn|wrap|wrapper|container|only|lg|sm|fw|spin|solid|regular|left|right|start|end|text|inner)$/;
  const vv = window.visualViewport;
  const view = vv ? { x: vv.offsetLeft, y: vv.offsetTop, w: vv.width, h: vv.height } : { x: 0, y: 0, w: innerWidth, h: innerHeight };
  const screenArea = view.w * view.h;
  const up = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  const listens = (t: EventTarget): boolean => !!record?.get(t)?.size || (t as HTMLElement).onclick != null;
  const styleOf = (el: Element) => getComputedStyle(el);
  // Where an element is rendered: a slotted child inherits its style from the slot, not its host.
  const flatParent = (el: Element): Element | null => el.assignedSlot ?? up(el);
  const isControl = (el: Element): ScannedControl['evidence'] | null => {
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role') ?? '';
    const tabindex = el.getAttribute('tabindex');
    if (
      (tag === 'a' && el.hasAttribute('href')) ||
      ['button', 'input', 'select', 'textarea', 'summary'].includes(tag) ||
      INTERACTIVE.test(role) ||
      el.hasAttribute('onclick') ||
      (tabindex !== null && Number(tabindex) >= 0)
    )
      return 'markup';
    if (listens(el)) return 'listener';
    const parent = flatParent(el);
    if (styleOf(el).cursor === 'pointer' && (!parent || styleOf(parent).cursor !== 'pointer')) return 'cursor';
    return null;
  };
  const painted = (el: Element): boolean => {
    const s = styleOf(el);
    const bg = s.backgroundColor;
    const filled = !!bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg);
    return filled || s.backgroundImage !== 'none' || parseFloat(s.borderTopWidth) > 0 || s.boxShadow !== 'none';
  };
  const iconName = (el: Element): string | undefined => {
    const s = styleOf(el);
    const text = (el.textContent ?? '').trim();
    if (/icon|symbol/i.test(s.fontFamily) && /^[a-z][a-z0-9_]{1,40}$/.test(text)) return text;
    const classes = (typeof el.className === 'string' ? el.className : (el.getAttribute('class') ?? '')).split(/\s+/);
    if (classes.some((c) => ICON_MARKER.test(c))) {
      const specific = classes.find((c) => ICON_NAME.test(c) && !GENERIC.test(c));
      return specific ?? (/^[a-z][a-z0-9_]{1,40}$/.test(text) ? text : undefined);
    }
    const name = el.getAttribute('name') ?? el.getAttribute('icon');
    if (name && /^[a-z][a-z0-9-]{1,40}$/.test(name) && el.tagName.includes('-')) return name;
    return undefined;
  };
  /** An icon: a small picture (svg, img) or an icon font's glyph; a larger picture is an illustration. */
  const isIcon = (el: Element, b: DOMRect): boolean => {
    const tag = el.tagName.toLowerCase();
    return b.width <= 64 && b.height <= 64 && (tag === 'svg' || tag === 'img' || iconName(el) !== undefined);
  };
  /** A painted box shaped like something to press: not a rule, a banner or a page-wide band. */
  const buttonShaped = (b: DOMRect): boolean => {
    const lo = Math.min(b.width, b.height);
    return lo >= 12 && Math.max(b.width, b.height) / lo <= 6 && b.height <= 120 && b.width * b.height <= screenArea * 0.12;
  };
  /**
   * The piece a person would take an element for: an icon with what holds it up to the size of a
   * button (its painted disc, its caption, the link a kit wraps it in), or a small painted box.
   */
  const unitOf = (el: Element, b: DOMRect): Element | null => {
    if (isIcon(el, b)) {
      const limit = Math.max(b.width * b.height * 6, 80 * 80);
      let unit = el;
      for (let p = up(el); p && p !== document.body && p !== document.documentElement; p = up(p)) {
        const pb = p.getBoundingClientRect();
        if (pb.width * pb.height > limit || pb.height > 120) break;
        if (!painted(p) && ((p as HTMLElement).innerText ?? '').trim().length > 24) break;
        // Another picture inside: a group of controls, not one.
        if (p.querySelectorAll('svg, img').length > 1) break;
        unit = p;
        // The control that holds the icon is the unit: what wraps that control is layout.
        if (isControl(p)) break;
      }
      return unit;
    }
    // A box holding a sentence is a quotation or a card, not something to press.
    return painted(el) && buttonShaped(b) && ((el as HTMLElement).innerText ?? '').trim().length <= 32 ? el : null;
  };
  const delegated = (from: Element): boolean => {
    for (let a: Element | null = from; a; a = up(a)) if (listens(a)) return true;
    return listens(document) || listens(window);
  };
  const clipOf = (el: Element) => {
    let clip: { x: number; y: number; w: number; h: number } | null = view;
    for (let a = up(el); a && clip && a !== document.documentElement; a = up(a)) {
      const s = styleOf(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const ab = a.getBoundingClientRect();
      const x = Math.max(clip.x, ab.x + a.clientLeft);
      const y = Math.max(clip.y, ab.y + a.clientTop);
      const r = Math.min(clip.x + clip.w, ab.x + a.clientLeft + a.clientWidth);
      const btm = Math.min(clip.y + clip.h, ab.y + a.clientTop + a.clientHeight);
      clip = r <= x || btm <= y ? null : { x, y, w: r - x, h: btm - y };
    }
    return clip;
  };
  const short = (t: string | null | undefined): string | undefined => {
    const s = (t ?? '').replace(/\s+/g, ' ').trim();
    return s && s.length <= 80 ? s : s ? s.slice(0, 80) : undefined;
  };
  /** A caption right below or above the control, centred on it (a tab's name under its icon). */
  const nearbyText = (el: Element, b: DOMRect): string | undefined => {
    for (const sib of [el.nextElementSibling, el.previousElementSibling]) {
      if (!sib) continue;
      const sb = sib.getBoundingClientRect();
      const centred = Math.abs(sb.x + sb.width / 2 - (b.x + b.width / 2)) < Math.max(b.width / 2, 12);
      const gap = Math.max(sb.y - (b.y + b.height), b.y - (sb.y + sb.height));
      const text = short((sib as HTMLElement).innerText);
      if (centred && gap < 12 && text && text.length <= 24) return text;
    }
    return undefined;
  };
  const labelOf = (el: Element, b: DOMRect): LabelFacts => {
    const facts: LabelFacts = {};
    const set = (k: keyof LabelFacts, v: string | null | undefined) => {
      const s = short(v);
      if (s && !facts[k]) facts[k] = s;
    };
    set('aria', el.getAttribute('aria-label'));
    set('title', el.getAttribute('title'));
    set('alt', el.getAttribute('alt'));
    for (const inner of [el, ...Array.from(el.querySelectorAll('*')).slice(0, 20)]) {
      if (inner !== el) {
        set('aria', inner.getAttribute('aria-label'));
        set('title', inner.getAttribute('title') ?? (inner.tagName.toLowerCase() === 'title' ? inner.textContent : null));
        set('alt', inner.getAttribute('alt'));
      }
      if (!facts.icon) facts.icon = iconName(inner);
    }
    const text = short((el as HTMLElement).innerText ?? el.textContent);
    if (text && text !== facts.icon) facts.text = text;
    if (!facts.text && !facts.aria && !facts.title && !facts.alt) set('nearby', nearbyText(el, b));
    return facts;
  };

  const regions = req.regions;
  const inRegions = (b: DOMRect): boolean =>
    regions.some((r) => b.x < r.x + r.w && b.x + b.width > r.x && b.y < r.y + r.h && b.y + b.height > r.y);
  const all: Element[] = [];
  const collect = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      all.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);

  // Candidates from evidence: controls by markup, listener or cursor (strong), and icons or
  // small painted boxes under a delegated listener (weak), in the regions.
  const strong = new Map<Element, ScannedControl['evidence']>();
  const weak = new Set<Element>();
  for (const el of all) {
    if (el instanceof SVGElement && el.tagName.toLowerCase() !== 'svg') continue;
    if (el === document.body || el === document.documentElement || el.tagName === 'HEAD' || el.closest('head')) continue;
    const b = el.getBoundingClientRect();
    if (b.width * b.height === 0 || b.width * b.height > screenArea * 0.25 || !inRegions(b)) continue;
    const evidence = isControl(el);
    if (evidence) {
      strong.set(el, evidence);
      continue;
    }
    const unit = unitOf(el, b);
    if (unit && !strong.has(unit) && delegated(unit)) weak.add(unit);
  }
  const strongAncestor = (el: Element): Element | null => {
    for (let a = up(el); a && a !== document.body; a = up(a)) if (strong.has(a)) return a;
    return null;
  };
  const chosen = new Map<Element, ScannedControl['evidence']>(strong);
  const unitsIn = new Map<Element, Element[]>();
  for (const u of weak) {
    if (strong.has(u)) continue;
    const s = strongAncestor(u);
    if (!s) chosen.set(u, 'delegated');
    else unitsIn.set(s, [...(unitsIn.get(s) ?? []), u]);
  }
  // A container listening for its children's taps (a tab bar's handler) is not one control:
  // the icons and boxes inside it are. A control with one icon inside is that control.
  // Its units are counted over the whole container, so the answer does not depend on the regions.
  const unitCount = (s: Element): number => {
    const units = new Set<Element>();
    for (const d of Array.from(s.querySelectorAll('*'))) {
      if (d instanceof SVGElement && d.tagName.toLowerCase() !== 'svg') continue;
      const b = d.getBoundingClientRect();
      const u = b.width * b.height > 0 ? unitOf(d, b) : null;
      if (u && u !== s) units.add(u);
    }
    return units.size;
  };
  for (const [s, units] of unitsIn) {
    if (chosen.get(s) === 'markup' || unitCount(s) < 2) continue;
    chosen.delete(s);
    for (const u of units) chosen.set(u, 'delegated');
  }
  // Likewise a listener or cursor container around two or more other controls; and a painted
  // box under a delegated listener whose icon and words are all in one control inside it (a bar's
  // tinted side around its button) is backdrop. A badge inside a tab takes neither from it.
  const words = (e: Element): string => ((e as HTMLElement).innerText ?? '').trim();
  const holdsAll = (outer: Element, inner: Element): boolean => words(outer) === words(inner) && !!inner.querySelector('svg, img, i, ons-icon, ion-icon, [class*="icon"]');
  for (const [el, evidence] of [...chosen]) {
    if (evidence === 'markup') continue;
    let inside = 0;
    let backdrop = false;
    for (const other of chosen.keys()) {
      if (other === el || !el.contains(other)) continue;
      inside++;
      if (evidence === 'delegated' && holdsAll(el, other)) backdrop = true;
    }
    if (inside >= 2 || backdrop) chosen.delete(el);
  }

  const within = (hit: Element | null, el: Element): boolean => {
    for (let a = hit; a; a = up(a)) if (a === el) return true;
    return false;
  };
  const topmost = (x: number, y: number): Element | null => {
    let hit = document.elementFromPoint(x, y);
    // Into open shadow roots: a UI kit's control lives inside its custom element.
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const out: ScannedControl[] = [];
  for (const [el, evidence] of chosen) {
    const b = el.getBoundingClientRect();
    const clip = clipOf(el);
    if (!clip) continue;
    const vx = Math.max(clip.x, b.x);
    const vy = Math.max(clip.y, b.y);
    const vr = Math.min(clip.x + clip.w, b.x + b.width);
    const vb = Math.min(clip.y + clip.h, b.y + b.height);
    if (vr <= vx || vb <= vy) continue;
    // It must be what a tap there reaches: not covered by a dialog or a bar, not pointer-events: none.
    const probes = [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ];
    if (!probes.some(([fx, fy]) => within(topmost(vx + (vr - vx) * (fx as number), vy + (vb - vy) * (fy as number)), el))) continue;
    out.push({
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      id: el.id,
      evidence,
      rect: { x: b.x, y: b.y, w: b.width, h: b.height },
      visible: { x: vx, y: vy, w: vr - vx, h: vb - vy },
      label: labelOf(el, b),
    });
  }
  return out;
}
