import type { Screen, Stillness } from '../../core/model/index.js';
import { buildSnapshot } from '../../core/outline/build.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import { cleanScreen } from '../../core/clean/index.js';
import { detectLists } from '../../core/lists/index.js';
import { emptyRegions } from '../../core/quadtree/empty-regions.js';
import type { DeviceBridge } from '../bridge.js';
import { gapFill, nameControls, stillThere, type GapFill, type GapFillOptions, type HitTester } from './gap-fill.js';

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
  private readonly byTree = new Map<string, GapFill>();
  private readonly byHoles = new Map<string, GapFill>();

  constructor(
    private readonly bridge: DeviceBridge,
    private readonly options: ObserverOptions = {},
  ) {}

  async observe(wait: boolean): Promise<Observation> {
    const started = performance.now();
    // Without a wait, one look at the stillness (timeout 0) still says honestly whether the screen is at rest.
    const settled = await this.bridge.waitForStill(wait ? (this.options.stillTimeoutMs ? { timeoutMs: this.options.stillTimeoutMs } : {}) : { timeoutMs: 0 });
    const waitedMs = Math.round(performance.now() - started);
    const raw = await this.bridge.describe();
    const still = settled;
    const clean = cleanScreen({ ...raw, still });
    const screen = await this.withHits(clean);
    return { snapshot: buildSnapshot(screen, { lists: detectLists }), still, waitedMs };
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
