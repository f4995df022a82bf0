import type { Point, Screen, Stillness, UiNode } from '../../core/model/index.js';
import { buildSnapshot } from '../../core/outline/build.js';
import type { Snapshot } from '../../core/outline/snapshot.js';
import { cleanScreen } from '../../core/clean/index.js';
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
  private readonly hitCache = new Map<string, UiNode[]>();

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
    return { snapshot: buildSnapshot(screen), still, waitedMs };
  }

  private async withHits(screen: Screen): Promise<Screen> {
    const { bridge } = this;
    if (this.options.gapFill === false || !bridge.capabilities.hitTest || !bridge.hitTest) return screen;
    const probe = (p: Point): Promise<UiNode | null> => (bridge.hitTest as (p: Point) => Promise<UiNode | null>).call(bridge, p);
    // Hit-testing is slow next to a tree read: the same tree keeps the hits found in it.
    const key = buildSnapshot(screen).id;
    const hits = this.hitCache.get(key) ?? (await gapFill(screen, probe, this.options.gapFill ?? {}));
    this.hitCache.delete(key);
    this.hitCache.set(key, hits);
    if (this.hitCache.size > HIT_CACHE_SIZE) this.hitCache.delete(this.hitCache.keys().next().value as string);
    if (hits.length === 0) return screen;
    return { ...screen, root: { ...screen.root, children: [...screen.root.children, ...hits] } };
  }
}
