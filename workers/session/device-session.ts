import type { Envelope } from '../../core/contract/envelope.js';
import { fail, failFrom, ok, SimlabError } from '../../core/contract/envelope.js';
import type { TouchTimeline } from '../../core/gestures/index.js';
import * as gestures from '../../core/gestures/index.js';
import { pinchTimeline, rotateTimeline } from '../../core/gestures/two-finger-fit.js';
import type { Point } from '../../core/model/index.js';
import { rectCentre } from '../../core/model/index.js';
import { renderSettledDiff } from '../../core/outline/diff.js';
import { findSameElement, identityOf } from '../../core/outline/identity.js';
import { outlineJson } from '../../core/outline/json.js';
import { elementName } from '../../core/outline/format.js';
import { renderOutline } from '../../core/outline/render.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import { parseSelector, resolveSelector, stableSelectorFor, type Selector } from '../../core/selectors/index.js';
import { admit, type AdmittedArgs } from '../../core/wire/admission.js';
import { admitTimeline, type AdmittedTimeline } from '../../core/wire/admitted-timeline.js';
import type { ActionData } from '../../core/wire/action-data.js';
import type { CommandArgs, CommandName } from '../../core/wire/commands.js';
import type { TargetArg } from '../../core/wire/selectors.js';
import { canonicalKey } from '../../core/wire/keys.js';
import type { Capabilities, DeviceBridge, DeviceInfo } from '../bridge.js';
import { evidenceOfScreens, takeThumbnail, type ActionEvidence, type SeenScreens } from './action-evidence.js';
import { DeliveryLedger } from './delivery-ledger.js';
import { CommandQueue } from './command-queue.js';
import type { HandlerSession, Located, Run } from './handler-context.js';
import { Observer, type Observation, type ObserverOptions } from './observer.js';
import { SnapshotHistory } from './snapshot-history.js';
import { screenshotCommand } from './screenshot-command.js';
import { flingCommand, scrollByCommand } from './scrolling.js';
import { toggleCommand, typeCommand } from './verified-actions.js';
import { checkPoint, elementAt } from './targets.js';

export interface DeviceSessionOptions extends ObserverOptions {
  /** Snapshots kept per lease for `@<snapshot>:N`. */
  historyPerLease?: number;
  /** Points an element's edges may move before a ref to it counts as stale. */
  frameTolerance?: number;
  /**
   * Input aimed at a point (not at an element) goes out at once when the device was looked at
   * this recently: that look is the action's "before", instead of a new read the input would
   * wait for (150-400 ms on a busy web screen). The dashboard's live outline looks every 0.5-2 s.
   */
  freshLookMs?: number;
  /**
   * A command still running after this long answers TIMEOUT and frees the device for the
   * next one (a hung device must not lock its session forever). Long enough for the longest
   * gesture the wire allows (60 s) and the stillness wait after it.
   */
  commandTimeoutMs?: number;
  /** How long a cancelled command that ignores its cancellation may keep the device from the next one. */
  windDownMs?: number;
}

/** Who runs a command: refs are scoped to the lease (`local` without one). */
export interface SessionContext {
  leaseId?: string;
  actor?: unknown;
  /**
   * The caller's own deadline in ms from now, time waiting for the device included: the command
   * is given up (TIMEOUT) at the sooner of it and the session's, and what it was sending stops.
   */
  deadlineMs?: number;
}

/** The cross-platform commands; platform verbs (`web.open`) go to the bridge's platformVerb. */
type CoreCommand = Exclude<CommandName, `${string}.${string}`>;

/**
 * One device, as every front end (REST through the worker, CLI, dashboard) drives it:
 * observe (still, describe, clean, hit-test holes, snapshot per lease), act on selectors
 * with the staleness check, answer with the settled diff, verify stateful actions, and
 * report every failure as an envelope with an honest delivery. `execute` never throws and
 * runs one command at a time.
 */
export class DeviceSession implements HandlerSession {
  readonly info: DeviceInfo;
  readonly capabilities: Capabilities;
  private readonly queue: CommandQueue;
  /** Every command waiting or running, with its lease, so a lease that ends can cancel its own. */
  private readonly pending = new Map<AbortController, string>();
  private readonly history: SnapshotHistory;
  private readonly observer: Observer;
  private readonly frameTolerance: number;
  private readonly freshLookMs: number;
  /** The newest look at the screen, by any lease, and when it was taken. */
  private lastLook: { snapshot: Snapshot; at: number } | null = null;
  private readonly commandTimeoutMs: number;
  private closed = false;
  /** Leases whose last outline asked for the whole screen's pixels (`outline --pixels`). */
  private readonly pixelLeases = new Set<string>();
  /** Finger travel the device absorbs before content scrolls, learned from the scrolls so far. */
  scrollSlop = 0;

  constructor(
    readonly bridge: DeviceBridge,
    options: DeviceSessionOptions = {},
  ) {
    this.info = bridge.info;
    this.capabilities = bridge.capabilities;
    this.history = new SnapshotHistory(options.historyPerLease ?? 16);
    this.observer = new Observer(bridge, options);
    this.frameTolerance = options.frameTolerance ?? 2;
    this.freshLookMs = options.freshLookMs ?? 2500;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 90_000;
    this.queue = new CommandQueue(options.windDownMs ?? 2000);
  }

  /** The commands this device runs (platform verbs only where it offers them). */
  get commands(): string[] {
    return [...Object.keys(this.handlers), ...this.capabilities.platformVerbs.filter((v) => this.offersVerb(v))];
  }

  private offersVerb(verb: string): boolean {
    return typeof this.bridge.platformVerb === 'function' && this.capabilities.platformVerbs.includes(verb);
  }

  async execute(command: string, rawArgs: unknown, ctx: SessionContext = {}): Promise<Envelope> {
    return (await this.run(command, rawArgs, ctx, false)).envelope;
  }

  /**
   * `execute`, and what the action log keeps of it: the outlines before and after as text and
   * a thumbnail of the screen after (none for observations or failures before delivery).
   */
  async executeWithEvidence(command: string, rawArgs: unknown, ctx: SessionContext = {}): Promise<{ envelope: Envelope; evidence: ActionEvidence }> {
    const { envelope, seen } = await this.run(command, rawArgs, ctx, true);
    return { envelope, evidence: evidenceOfScreens(seen) };
  }

  private async run(command: string, rawArgs: unknown, ctx: SessionContext, thumbnail: boolean): Promise<{ envelope: Envelope; seen: SeenScreens }> {
    const seen: SeenScreens = {};
    if (this.closed) return { envelope: fail(command, 'DEVICE_UNAVAILABLE', 'this device session is closed', { hint: 'the device went away; list devices again' }), seen };
    let admitted;
    try {
      admitted = admit(command, rawArgs, { platform: this.info.platform, size: this.info.size, capabilities: this.capabilities }, (verb) => this.offersVerb(verb));
    } catch (err) {
      return { envelope: failFrom(command, err, 'not_delivered'), seen };
    }
    const controller = new AbortController();
    const run: Run = { lease: ctx.leaseId ?? 'local', ledger: new DeliveryLedger(this.bridge), seen, thumbnail, signal: controller.signal };
    const deadlineMs = Math.min(this.commandTimeoutMs, ctx.deadlineMs ?? Infinity);
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const timer = setTimeout(() => {
      const hint = state === 'waiting' ? 'the device was busy with an earlier command: nothing was sent' : 'look at the screen before acting again';
      controller.abort(new SimlabError('TIMEOUT', `${command} did not finish within ${deadlineMs} ms`, { hint }));
    }, deadlineMs);
    controller.signal.addEventListener('abort', () => {
      if (state !== 'running') return;
      // The given-up command may send nothing more, and what it held down is let go.
      run.ledger.abandon();
      void this.bridge.releaseAll().catch(() => undefined);
    });
    this.pending.set(controller, run.lease);
    try {
      const handler = this.handlerFor(admitted.command);
      const data = await this.queue.run(async () => {
        state = 'running';
        try {
          if (this.closed) throw new SimlabError('DEVICE_UNAVAILABLE', 'this device session is closed');
          return await handler(admitted.args, run);
        } finally {
          state = 'done';
        }
      }, controller.signal);
      return { envelope: ok(command, data), seen };
    } catch (err) {
      // Input may have reached the device with no look after it: the last look no longer shows the screen.
      this.lastLook = null;
      return { envelope: failFrom(command, run.ledger.errorOf(err)), seen };
    } finally {
      clearTimeout(timer);
      this.pending.delete(controller);
    }
  }

  private handlerFor(verb: CommandName): (args: unknown, run: Run) => Promise<unknown> {
    return verb.includes('.')
      ? (args: unknown, r: Run) => this.platformVerb(verb, args as Record<string, unknown>, r)
      : (this.handlers[verb as CoreCommand] as (args: unknown, run: Run) => Promise<unknown>);
  }

  /**
   * A batch's steps in order (admission already checked them all). The first failure ends it:
   * its error, with the delivery of everything sent so far, names the step and carries the
   * settled diff of what the earlier steps did. Success answers one diff, first screen to last.
   */
  private async batch(a: CommandArgs<'batch'>, run: Run): Promise<unknown> {
    const done: Array<{ command: string; delivery: unknown }> = [];
    let first: Snapshot | undefined;
    const diffSoFar = () => (first && run.seen.after ? renderSettledDiff(first, run.seen.after) : undefined);
    for (const [i, step] of a.steps.entries()) {
      let data: Record<string, unknown>;
      try {
        data = (await this.handlerFor(step.command as CommandName)(step.args, run)) as Record<string, unknown>;
      } catch (err) {
        const e = run.ledger.errorOf(err);
        throw new SimlabError(e.code, `step ${i + 1} (${step.command}) failed: ${e.message}`, {
          ...e.options,
          details: { ...e.options.details, step: i + 1, done, ...(first ? { diff: diffSoFar() } : {}) },
        });
      }
      first ??= run.seen.before;
      done.push({ command: step.command, delivery: data.delivery });
    }
    const after = run.seen.after;
    if (!first || !after) throw new SimlabError('INTERNAL', 'a batch step answered without the screens it saw');
    // The action log's evidence is the whole batch: the screen before its first step.
    run.seen.before = first;
    const verified = done.every((d) => d.delivery === 'delivered_verified');
    return { delivered: true, delivery: verified ? 'delivered_verified' : 'delivered_unverified', steps: done, before: first.id, after: after.id, diff: diffSoFar(), still: after.screen.still };
  }

  /**
   * A lease ended (released, revoked, expired): its commands, waiting or running, are given up
   * (fingers lifted) before the device goes to anyone else, and its snapshots are forgotten.
   */
  endLease(leaseId: string, reason: string): void {
    for (const [controller, lease] of this.pending) {
      if (lease !== leaseId) continue;
      controller.abort(new SimlabError('LEASE_REQUIRED', `lease ${leaseId} ended (${reason}) before the command finished`, { hint: 'acquire the device again' }));
    }
    this.history.forget(leaseId);
    this.pixelLeases.delete(leaseId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.pending.keys()) controller.abort(new SimlabError('DEVICE_UNAVAILABLE', 'this device session closed'));
    await this.queue.run(async () => {
      await this.bridge.releaseAll().catch(() => undefined);
      await this.observer.close().catch(() => undefined);
      await this.bridge.close();
    }, new AbortController().signal);
  }

  // ---- the pieces every handler is made of ----

  /** A fresh look at the screen, kept in the lease's history (as the latest when `latest`). */
  async observe(run: Run, wait: boolean, latest: boolean): Promise<Observation> {
    run.ledger.checkAlive();
    // A lease that asked for pixels keeps seeing them, so a ref to a pixel line stays good.
    const at = Date.now();
    const seen = await this.observer.observe(wait, this.pixelLeases.has(run.lease));
    run.ledger.checkAlive();
    this.history.remember(run.lease, seen.snapshot, latest);
    // When the look began: what it shows is at least that old.
    this.lastLook = { snapshot: seen.snapshot, at: at + seen.waitedMs };
    return seen;
  }

  /**
   * The screen right before input that needs no element: the last look when it is fresh (the
   * input is not held up by a read), else a new one. The caller tells how old it was.
   */
  async screenBeforeInput(run: Run): Promise<{ before: Snapshot; beforeAgeMs?: number }> {
    const look = this.lastLook;
    if (look && Date.now() - look.at <= this.freshLookMs) {
      run.ledger.checkAlive();
      this.history.remember(run.lease, look.snapshot, false);
      return { before: look.snapshot, beforeAgeMs: Date.now() - look.at };
    }
    return { before: (await this.observe(run, false, false)).snapshot };
  }

  /**
   * Resolves a target on the screen as it is now. A selector is resolved against the lease's
   * snapshots, then the element must still be there with the same identity and frame, or the
   * answer is STALE_REF: never a tap where an element used to be.
   */
  async locate(target: TargetArg, run: Run): Promise<Located> {
    if (typeof target !== 'string') {
      checkPoint(target, this.info.size);
      const look = await this.screenBeforeInput(run);
      const element = elementAt(look.before, target);
      return element ? { point: target, element, ...look } : { point: target, ...look };
    }
    const parsed = parseSelector(target);
    if (parsed.kind === 'id' || parsed.kind === 'match') return this.locateContent(target, parsed, run);
    let latest = this.history.latest(run.lease);
    if (!latest) {
      if (target.trim().startsWith('@')) {
        throw new SimlabError('NOT_FOUND', `${target} names an element of a snapshot, and this lease has taken none`, {
          hint: 'take an outline first, then use its @N refs',
        });
      }
      latest = (await this.observe(run, true, true)).snapshot;
    }
    const element = resolveSelector(parsed, { latest, byId: (id) => this.history.find(run.lease, id) });
    const from = parsed.kind === 'ref' && parsed.snapshot !== undefined ? parsed.snapshot : latest.id;
    const before = (await this.observe(run, false, false)).snapshot;
    const current = this.sameElement(element, before);
    // An element found by hit-testing is asked for again: the tree cannot vouch for it.
    if (!current || (current.source === 'hit' && !(await this.observer.confirmHit(current)))) {
      throw new SimlabError('STALE_REF', `${target} no longer names what it named in snapshot ${from}: the screen changed`, {
        hint: 'take a new outline and use its refs',
        details: { selector: target, snapshot: from, element: identityOf(element), current: before.id },
      });
    }
    return { point: current.tap, element: current, selector: target, before };
  }

  /**
   * A selector that names content (`#id`, `text=`, `role=...[label=...]`) means whatever matches on
   * the screen now, unlike a ref or a cell number, which name what a snapshot showed: it is
   * resolved on the look right before the input, so a screen that moved since the last one (a
   * lease's first action, a toast) is no reason to refuse it.
   */
  private async locateContent(target: string, parsed: Selector, run: Run): Promise<Located> {
    const before = (await this.observe(run, false, false)).snapshot;
    const element = resolveSelector(parsed, { latest: before, byId: (id) => this.history.find(run.lease, id) });
    if (element.source === 'hit' && !(await this.observer.confirmHit(element))) {
      throw new SimlabError('STALE_REF', `${target} named a place found by hit-testing that no longer answers there`, {
        hint: 'take a new outline and use its refs',
        details: { selector: target, element: identityOf(element), current: before.id },
      });
    }
    return { point: element.tap, element, selector: target, before };
  }

  /** Admits a generated touch timeline against the screen, then sends it. */
  async perform(run: Run, timeline: TouchTimeline): Promise<void> {
    await this.sendTimeline(run, admitTimeline(timeline, this.info.size));
  }

  /** Sends an admitted timeline (by admit() for `perform`, by perform() for generated ones). */
  private async sendTimeline(run: Run, timeline: AdmittedTimeline): Promise<void> {
    await run.ledger.send(() => this.bridge.perform(timeline, { signal: run.signal }));
  }

  /** After delivery: wait for still, take the after-snapshot (the lease's latest) and diff it. */
  async observeAfter(run: Run, before: Snapshot, located?: Located, beforeAgeMs = located?.beforeAgeMs): Promise<{ data: ActionData; after: Snapshot }> {
    const seen = await this.observe(run, true, true);
    const data: ActionData = {
      delivered: true,
      delivery: 'delivered_unverified',
      before: before.id,
      after: seen.snapshot.id,
      diff: renderSettledDiff(before, seen.snapshot),
      still: seen.still,
    };
    if (beforeAgeMs !== undefined) data.before_age_ms = beforeAgeMs;
    if (located) {
      data.target = located.selector ? { selector: located.selector, tap: located.point } : { tap: located.point };
      if (located.element) {
        data.target.element = elementName(located.element);
        const stable = stableSelectorFor(located.element, located.before);
        if (stable !== undefined) data.target.stable = stable;
      }
    }
    await this.witness(run, before, seen.snapshot, data.diff);
    return { data, after: seen.snapshot };
  }

  /** Keeps the screens an action saw for its evidence, with a thumbnail of the last when asked for. */
  private async witness(run: Run, before: Snapshot | undefined, after: Snapshot, diff?: string): Promise<void> {
    if (before) run.seen.before = before;
    run.seen.after = after;
    if (diff !== undefined) run.seen.diff = diff;
    if (run.thumbnail) run.seen.thumbnail = await takeThumbnail(this.bridge);
  }

  /** The element of `snapshot` that is `el` (same identity, frame within the tolerance). */
  sameElement(el: OutlineElement, snapshot: Snapshot): OutlineElement | undefined {
    return findSameElement(el, snapshot, { frameTolerance: this.frameTolerance });
  }

  /** Where a gesture without a target happens: the centre of the screen. */
  screenCentre(): Point {
    return rectCentre({ x: 0, y: 0, ...this.info.size });
  }

  private readonly handlers: { [C in CoreCommand]: (args: AdmittedArgs<C>, run: Run) => Promise<unknown> } = {
    outline: (a, run) => this.outline(a, run),
    tap: (a, run) => this.onePoint(run, a.target, (p) => gestures.tap(p)),
    'double-tap': (a, run) => this.onePoint(run, a.target, (p) => gestures.doubleTap(p)),
    'long-press': (a, run) => this.onePoint(run, a.target, (p) => gestures.longPress(p, a.ms)),
    swipe: (a, run) => this.swipe(a, run),
    drag: (a, run) => this.drag(a, run),
    'scroll-by': (a, run) => scrollByCommand(this, a, run),
    fling: (a, run) => flingCommand(this, a, run),
    pinch: (a, run) => this.twoFinger(run, a.target, (c) => pinchTimeline(c, a.scale, a.ms, this.info.size)),
    rotate: (a, run) => this.twoFinger(run, a.target, (c) => rotateTimeline(c, a.degrees, a.ms, this.info.size)),
    'two-finger-tap': (a, run) => this.twoFinger(run, a.target, (c) => gestures.twoFingerTap(c)),
    'two-finger-long-press': (a, run) => this.twoFinger(run, a.target, (c) => gestures.twoFingerLongPress(c, { ms: a.ms })),
    perform: (a, run) => this.performCommand(a, run),
    type: (a, run) => typeCommand(this, a, run),
    toggle: (a, run) => toggleCommand(this, a, run),
    key: (a, run) => this.sendAndSettle(run, () => this.bridge.key(canonicalKey(a.key, this.capabilities.keys) ?? a.key)),
    button: (a, run) => this.sendAndSettle(run, () => this.bridge.button(a.button)),
    screenshot: (a) => screenshotCommand(this, a),
    'app-state': () => this.bridge.appState(),
    batch: (a, run) => this.batch(a, run),
  };

  private async outline(a: CommandArgs<'outline'>, run: Run): Promise<unknown> {
    const since = a.since === undefined ? undefined : this.history.find(run.lease, a.since);
    if (a.since !== undefined && !since) {
      throw new SimlabError('NOT_FOUND', `snapshot ${a.since} is not among this lease's recent snapshots`, {
        hint: 'take a new outline without since',
        details: { since: a.since },
      });
    }
    if (a.pixels) this.pixelLeases.add(run.lease);
    else this.pixelLeases.delete(run.lease);
    const seen = await this.observe(run, a.wait, true);
    const view = { interactive: a.interactive, skeleton: a.skeleton ? true : ('auto' as const) };
    const data: Record<string, unknown> = {
      snapshot: seen.snapshot.id,
      still: seen.still,
      waited_ms: seen.waitedMs,
      outline: a.format === 'json' ? outlineJson(seen.snapshot, { ...view, raw: a.raw }) : renderOutline(seen.snapshot, view),
    };
    if (a.format === 'json' && a.text) data.text = renderOutline(seen.snapshot, view);
    if (since) data.diff = renderSettledDiff(since, seen.snapshot, { outline: false });
    if (seen.conflicts.length > 0) data.conflicts = seen.conflicts;
    return data;
  }

  private async onePoint(run: Run, target: TargetArg, gesture: (p: Point) => TouchTimeline): Promise<unknown> {
    const located = await this.locate(target, run);
    await this.perform(run, gesture(located.point));
    return (await this.observeAfter(run, located.before, located)).data;
  }

  private async twoFinger(run: Run, target: TargetArg | undefined, gesture: (centre: Point) => TouchTimeline): Promise<unknown> {
    const located = target === undefined ? undefined : await this.locate(target, run);
    const look = located ?? (await this.screenBeforeInput(run));
    const centre = located?.point ?? this.screenCentre();
    await this.perform(run, gesture(centre));
    return (await this.observeAfter(run, look.before, located, look.beforeAgeMs)).data;
  }

  private async swipe(a: CommandArgs<'swipe'>, run: Run): Promise<unknown> {
    const from = await this.locate(a.from, run);
    let to: Point;
    if (a.to !== undefined) to = (await this.locate(a.to, run)).point;
    else if (a.dx !== undefined || a.dy !== undefined) to = { x: from.point.x + (a.dx ?? 0), y: from.point.y + (a.dy ?? 0) };
    else throw new SimlabError('INVALID_ARGS', 'swipe needs `to` or `dx`/`dy`');
    checkPoint(to, this.info.size, 'swipe end');
    await this.perform(run, gestures.swipe(from.point, to, a.ms));
    return (await this.observeAfter(run, from.before, from)).data;
  }

  private async drag(a: CommandArgs<'drag'>, run: Run): Promise<unknown> {
    const from = await this.locate(a.from, run);
    const to = await this.locate(a.to, run);
    await this.perform(run, gestures.preciseDrag(from.point, to.point));
    return (await this.observeAfter(run, from.before, from)).data;
  }

  private async performCommand(a: AdmittedTimeline, run: Run): Promise<unknown> {
    const { before, beforeAgeMs } = await this.screenBeforeInput(run);
    await this.sendTimeline(run, a);
    return (await this.observeAfter(run, before, undefined, beforeAgeMs)).data;
  }

  private async sendAndSettle(run: Run, input: () => Promise<void>): Promise<unknown> {
    const { before, beforeAgeMs } = await this.screenBeforeInput(run);
    await run.ledger.send(input);
    return (await this.observeAfter(run, before, undefined, beforeAgeMs)).data;
  }

  /** A platform verb: the bridge does it, then the screen is observed as after any action. */
  private async platformVerb(verb: string, args: Record<string, unknown>, run: Run): Promise<unknown> {
    const bridge = this.bridge;
    if (!bridge.platformVerb) throw new SimlabError('UNSUPPORTED', `this device does not offer ${verb}`);
    const done = await run.ledger.send(() => bridge.platformVerb!(verb, args));
    const seen = await this.observe(run, true, true);
    await this.witness(run, undefined, seen.snapshot);
    return { delivered: true, ...done, snapshot: seen.snapshot.id, still: seen.still };
  }
}
