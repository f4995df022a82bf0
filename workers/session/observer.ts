import type { Point, Rect, Screen, Stillness, UiNode } from '../../core/model/index.js';
import { rectCentre, roundRect } from '../../core/model/index.js';
import { frameDistance } from '../../core/outline/identity.js';
import { buildSnapshot } from '../../core/outline/build.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import { cleanScreen } from '../../core/clean/index.js';
import { detectLists } from '../../core/lists/index.js';
import { emptyRegions } from '../../core/quadtree/empty-regions.js';
import type { DeviceBridge } from '../bridge.js';
import { gapFill, type GapFillOptions } from './gap-fill.js';

/** Screens whose hit-test results are remembered. */
const HIT_CACHE_SIZE = 32;

export interface ObserverOptions {
  /** Hit-test probing of tree holes; false turns it off. */
  gapFill?: GapFillOptions | false;
  /** Give up waiting for stillness after this long (the bridge's default otherwise). */
  stillTimeoutMs?: number;
}

export interface Observation {
  snapshot: Snapshot;
  still: Stillness;
  /** How long the observation waited for the screen to come to rest. */
  waitedMs: number;
}

/**
 * One look at the device: (optionally) wait for still, describe, clean, probe holes of the
 * tree with hit-tests, and build the snapshot. Every snapshot of a session is made here, so
 * before/after snapshots and staleness checks see the screen the same way.
 */
export class Observer {
  private readonly byTree = new Map<string, UiNode[]>();
  private readonly byHoles = new Map<string, UiNode[]>();

  constructor(
    private readonly bridge: DeviceBridge,
    private readonly options: ObserverOptions = {},
  ) {}

  async observe(wait: boolean): Promise<Observation> {
    const started = performance.now();
    const settled = wait ? await this.bridge.waitForStill(this.options.stillTimeoutMs ? { timeoutMs: this.options.stillTimeoutMs } : {}) : undefined;
    const waitedMs = Math.round(performance.now() - started);
    const raw = await this.bridge.describe();
    const still = settled ?? raw.still ?? { still: false, ms: 0 };
    const clean = cleanScreen({ ...raw, still });
    const screen = await this.withHits(clean);
    return { snapshot: buildSnapshot(screen, { lists: detectLists }), still, waitedMs };
  }

  /** Asks the device again whether a hit-tested element is where the outline says. */
  async confirmHit(el: OutlineElement): Promise<boolean> {
    const probe = this.probe();
    if (!probe) return false;
    const there = sameHit(await probe(el.tap), { role: el.role, label: el.label, frame: el.visibleFrame });
    if (!there) {
      // The hidden content changed under an unchanged tree: the next look probes afresh.
      this.byTree.clear();
      this.byHoles.clear();
    }
    return there;
  }

  private probe(): ((p: Point) => Promise<UiNode | null>) | undefined {
    const { bridge } = this;
    if (this.options.gapFill === false || !bridge.capabilities.hitTest || !bridge.hitTest) return undefined;
    const hitTest = bridge.hitTest.bind(bridge);
    return (p: Point) => hitTest(p);
  }

  /**
   * Hit-testing costs far more than a tree read, so: the same tree reuses its hits outright;
   * a changed tree with the same holes re-checks the known hits with one probe each; only
   * new holes (or hits that moved) pay for a full gap fill.
   */
  private async withHits(screen: Screen): Promise<Screen> {
    const probe = this.probe();
    if (!probe) return screen;
    const options = this.options.gapFill || {};
    const treeKey = buildSnapshot(screen).id;
    let hits = this.byTree.get(treeKey);
    if (!hits) {
      const holesKey = JSON.stringify(emptyRegions(screen, options));
      const known = this.byHoles.get(holesKey);
      hits = known && (await this.allStillThere(known, probe)) ? known : await gapFill(screen, probe, options);
      remember(this.byHoles, holesKey, hits);
    }
    remember(this.byTree, treeKey, hits);
    if (hits.length === 0) return screen;
    return { ...screen, root: { ...screen.root, children: [...screen.root.children, ...hits] } };
  }

  private async allStillThere(hits: UiNode[], probe: (p: Point) => Promise<UiNode | null>): Promise<boolean> {
    for (const hit of hits) {
      const frame = hit.visibleFrame ?? hit.frame;
      if (!sameHit(await probe(rectCentre(frame)), { role: hit.role, label: hit.label, frame })) return false;
    }
    return true;
  }
}

function sameHit(node: UiNode | null, want: { role: string; label?: string; frame: Rect }): boolean {
  if (!node || node.role !== want.role || node.label !== want.label) return false;
  return frameDistance(roundRect(node.visibleFrame ?? node.frame), roundRect(want.frame)) <= 1;
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > HIT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}
