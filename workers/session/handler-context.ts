import type { TouchTimeline } from '../../core/gestures/timeline.js';
import type { Point } from '../../core/model/index.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import type { ActionData } from '../../core/wire/action-data.js';
import type { TargetArg } from '../../core/wire/selectors.js';
import type { Capabilities, DeviceBridge } from '../bridge.js';
import type { SeenScreens } from './action-evidence.js';
import type { DeliveryLedger } from './delivery-ledger.js';
import type { Observation } from './observer.js';

/** Where an action lands, found on the screen as it is right before acting. */
export interface Located {
  point: Point;
  /** The element on the current screen (for a selector; for a point, what is under it). */
  element?: OutlineElement;
  selector?: string;
  /** The current screen: the settled diff's "before". */
  before: Snapshot;
  /** How old `before` was when the input went out, when it was the last look and not a new read. */
  beforeAgeMs?: number;
}

/** The state one running command shares with the handlers. */
export interface Run {
  lease: string;
  ledger: DeliveryLedger;
  /** The screens the action saw, for its evidence. */
  seen: SeenScreens;
  /** Take a thumbnail once the action settles. */
  thumbnail: boolean;
  /** Aborted when the command is given up (deadline, lease ended, session closed): input in progress stops. */
  signal: AbortSignal;
}

/**
 * What a command handler kept in its own module (scrolling, verified actions) may use of the
 * device session: the pieces every handler is made of, and no more. The session implements it;
 * the handlers import only this, so neither side imports the other's module.
 */
export interface HandlerSession {
  /** The bridge calls handlers make themselves, besides gestures (which go through perform). */
  readonly bridge: Pick<DeviceBridge, 'appState' | 'waitForStill' | 'key' | 'type'>;
  readonly capabilities: Capabilities;
  /** Finger travel the device absorbs before content scrolls, learned from the scrolls so far. */
  scrollSlop: number;
  /** A fresh look at the screen, kept in the lease's history (as the latest when `latest`). */
  observe(run: Run, wait: boolean, latest: boolean): Promise<Observation>;
  /** A target resolved on the screen as it is now (STALE_REF when its element moved or went). */
  locate(target: TargetArg, run: Run): Promise<Located>;
  /** Sends a generated touch timeline after checking it against the screen. */
  perform(run: Run, timeline: TouchTimeline): Promise<void>;
  /** After delivery: wait for still, take the after-snapshot and diff it. */
  observeAfter(run: Run, before: Snapshot, located?: Located, beforeAgeMs?: number): Promise<{ data: ActionData; after: Snapshot }>;
  /** The element of `snapshot` that is `el` (same identity, frame within the tolerance). */
  sameElement(el: OutlineElement, snapshot: Snapshot): OutlineElement | undefined;
}
