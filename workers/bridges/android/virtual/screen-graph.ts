// The running screen graph: the current screen's live tree, the back stack, focus and typed
// text, and the transitions a tap triggers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cloneTree, hitTest, parseUiXml, walk } from './ui-tree.js';
import type { UiNode, UiTree } from './ui-tree.js';
import type { NodeMatch, ScreenGraphSpec, ScreenSpec, TransitionSpec } from './screen-graphs.js';

interface Visit {
  screen: ScreenSpec;
  tree: UiTree;
}

export interface TapOutcome {
  /** The deepest node under the point, if any. */
  node: UiNode | null;
  transition: TransitionSpec | null;
}

function matches(node: UiNode, m: NodeMatch): boolean {
  return (
    (m.text === undefined || node.text === m.text) &&
    (m.contentDesc === undefined || node.contentDesc === m.contentDesc) &&
    (m.resourceId === undefined || node.resourceId === m.resourceId)
  );
}

const isEditText = (n: UiNode) => /EditText$/.test(n.className);

export class ScreenGraph {
  private readonly trees = new Map<string, UiTree>();
  private readonly stack: Visit[] = [];
  /** Bumped on every visible change, so renders can be cached. */
  version = 0;
  /** Called when the screen changes to another one (open, back, home). */
  onNavigate: () => void = () => undefined;
  /** Called on every visible change (the app draws a frame). */
  onChange: () => void = () => undefined;

  constructor(
    readonly spec: ScreenGraphSpec,
    fixturesDir: string,
  ) {
    for (const screen of spec.screens) {
      const tree = parseUiXml(readFileSync(join(fixturesDir, screen.fixture), 'utf8'));
      this.trees.set(screen.id, screen.surface ? paintedScreen(tree, screen.surface, screen.activity.split('/')[0] as string) : tree);
    }
    this.open(spec.home);
  }

  private changed(): void {
    this.version++;
    this.onChange();
  }

  get current(): Visit {
    return this.stack[this.stack.length - 1] as Visit;
  }

  get screenId(): string {
    return this.current.screen.id;
  }

  get tree(): UiTree {
    return this.current.tree;
  }

  get activity(): string {
    return this.current.screen.activity;
  }

  get packageName(): string {
    return this.activity.split('/')[0] as string;
  }

  /** Opens a screen on top of the stack (a fresh copy of its capture). */
  open(id: string): void {
    const screen = this.spec.screens.find((s) => s.id === id);
    const tree = this.trees.get(id);
    if (!screen || !tree) throw new Error(`no screen ${id} in graph ${this.spec.name}`);
    this.stack.push({ screen, tree: cloneTree(tree) });
    this.changed();
    this.onNavigate();
  }

  /** The back key: pops a screen; false when there is nowhere to go back to. */
  back(): boolean {
    if (this.stack.length <= 1) return false;
    this.stack.pop();
    this.changed();
    this.onNavigate();
    return true;
  }

  home(): void {
    this.stack.length = 0;
    this.open(this.spec.home);
  }

  /** `am start` / launcher: the first screen of a package; false when the graph has none. */
  launch(packageName: string): boolean {
    const screen = this.spec.screens.find((s) => s.activity.startsWith(`${packageName}/`));
    if (!screen) return false;
    this.open(screen.id);
    return true;
  }

  tap(x: number, y: number): TapOutcome {
    const hit = hitTest(this.tree, x, y);
    if (!hit) return { node: null, transition: null };
    const chain = [...hit.ancestors, hit.node].reverse();
    const editable = chain.find(isEditText);
    if (editable) this.focus(editable);
    for (const t of this.spec.transitions) {
      if (t.from !== this.screenId) continue;
      const target = chain.find((n) => matches(n, t.match));
      if (!target) continue;
      if ('goto' in t.effect) this.open(t.effect.goto);
      else if ('back' in t.effect) this.back();
      else this.select(target);
      return { node: hit.node, transition: t };
    }
    return { node: hit.node, transition: null };
  }

  focusedEditText(): UiNode | null {
    for (const { node } of walk(this.tree.root)) if (node.focused && isEditText(node)) return node;
    return null;
  }

  /** Text typed by `input text` lands at the end of the focused field. */
  type(text: string): boolean {
    const field = this.focusedEditText();
    if (!field) return false;
    field.text += text;
    this.changed();
    return true;
  }

  setText(field: UiNode, text: string): void {
    field.text = text;
    this.changed();
  }

  deleteBackward(): boolean {
    const field = this.focusedEditText();
    if (!field || !field.text) return false;
    field.text = [...field.text].slice(0, -1).join('');
    this.changed();
    return true;
  }

  private focus(target: UiNode): void {
    for (const { node } of walk(this.tree.root)) node.focused = node === target;
    this.changed();
  }

  private select(target: UiNode): void {
    const parent = [...walk(this.tree.root)].find(({ node }) => node.children.includes(target))?.node;
    const setAll = (n: UiNode, value: boolean) => {
      n.selected = value;
      n.children.forEach((c) => setAll(c, value));
    };
    for (const sibling of parent?.children ?? [target]) setAll(sibling, sibling === target);
    this.changed();
  }
}

/**
 * A screen the app draws itself: the capture's window keeps its frame, its content becomes one
 * SurfaceView, and the buttons are painted on it as a centred column (screen pixels).
 */
function paintedScreen(tree: UiTree, surface: NonNullable<ScreenSpec['surface']>, packageName: string): UiTree {
  const top = tree.root[0];
  if (!top) return tree;
  const b = top.bounds;
  const view: UiNode = {
    ...top,
    text: '',
    contentDesc: '',
    resourceId: surface.resourceId,
    className: 'android.view.SurfaceView',
    packageName,
    clickable: false,
    focusable: false,
    focused: false,
    scrollable: false,
    longClickable: false,
    selected: false,
    children: [],
  };
  const w = Math.round((b.right - b.left) * 0.6);
  const h = Math.round((b.bottom - b.top) * 0.06);
  const left = Math.round(b.left + (b.right - b.left - w) / 2);
  const painted = surface.buttons.map((text, i) => {
    const y = Math.round(b.top + (b.bottom - b.top) * 0.25 + i * h * 1.6);
    return { text, bounds: { left, top: y, right: left + w, bottom: y + h } };
  });
  return { ...tree, root: [{ ...top, packageName, children: [view] }], painted };
}
