import type { PixelReason, Rect, Screen, Stillness } from '../../core/model/index.js';
import { roundRect } from '../../core/model/index.js';
import { buildSnapshot } from '../../core/outline/build.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import { cleanScreen } from '../../core/clean/index.js';
import { detectLists } from '../../core/lists/index.js';
import { emptyRegions } from '../../core/quadtree/empty-regions.js';
import type { DeviceBridge } from '../bridge.js';
import { arbitrate, type Conflict } from '../perception/pixels/arbitrate.js';
import { treeIsEmpty } from '../perception/pixels/empty-tree.js';
import { PixelChannel } from '../perception/pixels/pixel-channel.js';
import { gapFill, nameControls, stillThere, type GapFill, type GapFillOptions, type HitTester } from './gap-fill.js';

/** Screens whose hit-test results are remembered. */
const HIT_CACHE_SIZE = 32;

export interface ObserverOptions {
  /** Hit-test probing of tree holes; false turns it off. */
  gapFill?: GapFillOptions | false;
  /** The pixel channel (OCR of painted regions, and of the screen on request); false turns it off. */
  pixels?: false;
  /** Give up waiting for stillness after this long (the bridge's default otherwise). */
  stillTimeoutMs?: number;
}

export interface Observation {
  snapshot: Snapshot;
  still: Stillness;
  /** How long the observation waited for the screen to come to rest. */
  waitedMs: number;
  /** Where the tree and the pixels disagree (only when pixels were read). */
  conflicts: PixelConflict[];
}

/** A conflict with the outline line (`@N`) of the tree's side, where the snapshot has it. */
export interface PixelConflict extends Conflict {
  ref?: string;
}

/**
 * One look at the device: (optionally) wait for still, describe, clean, probe holes of the
 * tree with hit-tests, and build the snapshot. Every snapshot of a session is made here, so
 * before/after snapshots and staleness checks see the screen the same way.
 */
export class Observer {
  private readonly byTree = new Map<string, GapFill>();
  private readonly byHoles = new Map<string, GapFill>();
  private readonly pixels = new PixelChannel();
  /** The last described screen and what treeOf() made of it. */
  private lastTree: { raw: Screen; screen: Screen } | undefined;

  constructor(
    private readonly bridge: DeviceBridge,
    private readonly options: ObserverOptions = {},
  ) {}

  /**
   * @param pixels read the whole screen's pixels too (`outline --pixels`); regions the platform
   *   paints itself (canvas, video, surfaces) are read either way.
   */
  async observe(wait: boolean, pixels = false): Promise<Observation> {
    const started = performance.now();
    // Without a wait, one look at the stillness (timeout 0) still says honestly whether the screen is at rest.
    const settled = await this.bridge.waitForStill(wait ? (this.options.stillTimeoutMs ? { timeoutMs: this.options.stillTimeoutMs } : {}) : { timeoutMs: 0 });
    const waitedMs = Math.round(performance.now() - started);
    const raw = await this.bridge.describe();
    const still = settled;
    const { screen, conflicts } = await this.withPixels({ ...(await this.treeOf(raw)), still }, pixels);
    // Pixel lines are kept apart from the lists (#K): a list is what the tree declares or lays out.
    const snapshot = buildSnapshot(screen, { lists: (s) => detectLists(withoutPixels(s)) });
    return { snapshot, still, waitedMs, conflicts: conflicts.map((c) => withRef(c, snapshot)) };
  }

  async close(): Promise<void> {
    await this.pixels.close();
  }

  /**
   * The described screen cleaned and gap-filled. A bridge that gives the very same Screen
   * object again (the web device, for an unchanged page) gets what was made of it last time:
   * both steps are pure of the screen but for the hit-tests, which are remembered anyway.
   */
  private async treeOf(raw: Screen): Promise<Screen> {
    if (this.lastTree?.raw === raw) return this.lastTree.screen;
    const screen = await this.withHits(cleanScreen(raw));
    this.lastTree = { raw, screen };
    return screen;
  }

  /**
   * The pixel channel where the tree is blind: the regions the platform paints itself, or the
   * whole screen on request or when the tree shows (nearly) nothing, which the screen then says.
   * The tree wins where both see a thing; disagreements are conflicts.
   */
  private async withPixels(tree: Screen, asked: boolean): Promise<{ screen: Screen; conflicts: Conflict[] }> {
    const { bridge } = this;
    if (this.options.pixels === false || !bridge.capabilities.screenshot) return { screen: tree, conflicts: [] };
    const whole: Rect = { x: 0, y: 0, w: tree.size.w, h: tree.size.h };
    const reason: PixelReason | undefined = asked ? 'asked' : treeIsEmpty(tree) ? 'tree empty' : undefined;
    const screen = reason ? { ...tree, pixels: reason } : tree;
    const regions = reason ? [whole] : ((await bridge.paintedRegions?.(screen)) ?? []);
    if (regions.length === 0) return { screen, conflicts: [] };
    const read = await this.pixels.read(bridge, regions);
    const { keep, conflicts } = arbitrate(screen.root, read, screen.size.w, regions);
    if (keep.length === 0) return { screen, conflicts };
    return { screen: { ...screen, root: { ...screen.root, children: [...screen.root.children, ...keep.map((p) => p.node)] } }, conflicts };
  }

  /** Asks the device again whether a hit-tested element is where the outline says. */
  async confirmHit(el: OutlineElement): Promise<boolean> {
    const tester = this.tester();
    if (!tester) return false;
    const there = await stillThere([{ role: el.role, label: el.label, frame: el.visibleFrame }], tester);
    if (!there) {
      // The hidden content changed under an unchanged tree: the next look probes afresh.
      this.byTree.clear();
      this.byHoles.clear();
      this.lastTree = undefined;
    }
    return there;
  }

  private tester(): HitTester | undefined {
    const { bridge } = this;
    if (this.options.gapFill === false || !bridge.capabilities.hitTest) return undefined;
    const tester: HitTester = {};
    if (bridge.hitTest) tester.probe = bridge.hitTest.bind(bridge);
    if (bridge.hitScan) tester.scan = bridge.hitScan.bind(bridge);
    return tester.probe || tester.scan ? tester : undefined;
  }

  /**
   * Hit-testing costs far more than a tree read, so: the same tree reuses its hits outright;
   * a changed tree with the same holes re-checks the known hits (one scan, or one probe each);
   * only new holes (or hits that moved) pay for a full gap fill.
   */
  private async withHits(screen: Screen): Promise<Screen> {
    const tester = this.tester();
    if (!tester) return screen;
    const options = this.options.gapFill || {};
    const treeKey = buildSnapshot(screen).id;
    let fill = this.byTree.get(treeKey);
    if (!fill) {
      const holesKey = JSON.stringify(emptyRegions(screen, options));
      const known = this.byHoles.get(holesKey);
      const again = known?.hits.map((h) => ({ role: h.role, label: h.label, frame: h.visibleFrame ?? h.frame }));
      fill = known && again && (await stillThere(again, tester)) ? known : await gapFill(screen, tester, options);
      remember(this.byHoles, holesKey, fill);
    }
    remember(this.byTree, treeKey, fill);
    if (fill.hits.length === 0 && fill.names.length === 0) return screen;
    const root = nameControls(screen.root, fill.names);
    return { ...screen, root: { ...root, children: [...root.children, ...fill.hits] } };
  }
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > HIT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/** The screen without the pixel lines (appended to the root), its other nodes untouched: lists name cells by node. */
function withoutPixels(s: Screen): Screen {
  if (!s.root.children.some((c) => c.source === 'pixel')) return s;
  return { ...s, root: { ...s.root, children: s.root.children.filter((c) => c.source !== 'pixel') } };
}

function withRef(c: Conflict, snapshot: Snapshot): PixelConflict {
  const frame = roundRect(c.tree.frame);
  const el = snapshot.elements.find((e) => e.source !== 'pixel' && (e.label ?? e.value) === c.tree.label && e.visibleFrame.x === frame.x && e.visibleFrame.y === frame.y);
  return el ? { ...c, ref: `@${el.index}` } : c;
}
