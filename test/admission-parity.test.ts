// The hub and the worker admit a command with one function (core/wire/admission.ts); this
// checks that nothing else on either side refuses differently: for every command, with valid
// and invalid arguments, on devices with different capabilities, the hub refuses exactly when
// the worker's session would, with the same code and message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimlabError, type Envelope } from '../core/contract/index.js';
import type { AppState, Screen, Stillness } from '../core/model/index.js';
import { COMMANDS, OBSERVE_COMMANDS, type CommandName } from '../core/wire/commands.js';
import type { Capabilities, DeviceDescriptor } from '../core/wire/device.js';
import type { Actor } from '../server/auth/actor.js';
import { startSimWorker, webDevice } from '../server/test-support/sim-worker.js';
import { startTestHub } from '../server/test-support/test-hub.js';
import type { ScreenshotOptions, ScreenshotResult } from '../workers/bridge.js';
import { DeviceSession } from '../workers/session/device-session.js';
import { MemoryBridge } from '../workers/session/test-support/memory-bridge.js';

/** The in-memory app, counting every time the session touches it (admission touches nothing). */
class CountingBridge extends MemoryBridge {
  touched = 0;
  override async describe(): Promise<Screen> {
    this.touched++;
    return super.describe();
  }
  override async screenshot(options?: ScreenshotOptions): Promise<ScreenshotResult> {
    this.touched++;
    return super.screenshot(options);
  }
  override async appState(): Promise<AppState> {
    this.touched++;
    return super.appState();
  }
  override async waitForStill(): Promise<Stillness> {
    this.touched++;
    return super.waitForStill();
  }
  /** Platform verbs (`web.open`, `ios.launch`), so they can be admitted where advertised. */
  async platformVerb(verb: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.touched++;
    this.log.push(`${verb}:${JSON.stringify(args)}`);
    return args;
  }
}

const FULL: Partial<Capabilities> = {
  multiTouch: true,
  type: true,
  screenshot: true,
  keys: ['Enter', 'Backspace'],
  buttons: ['back', 'home'],
  platformVerbs: ['web.open', 'web.orientation'],
};
const BARE: Partial<Capabilities> = {
  multiTouch: false,
  type: false,
  screenshot: false,
  keys: [],
  buttons: [],
  platformVerbs: [],
  reasons: { multiTouch: 'one pointer only', type: 'no keyboard', home: 'no home button here' },
};
const SINGLE_TOUCH: Partial<Capabilities> = { ...FULL, multiTouch: false, reasons: { multiTouch: 'one pointer only' } };

const DEVICES: Array<{ id: string; platform: DeviceDescriptor['platform']; caps: Partial<Capabilities> }> = [
  { id: 'full', platform: 'web', caps: FULL },
  { id: 'bare', platform: 'web', caps: BARE },
  { id: 'single', platform: 'web', caps: SINGLE_TOUCH },
  { id: 'droid', platform: 'android', caps: { ...SINGLE_TOUCH, platformVerbs: ['android.rotate', 'android.health'] } },
  { id: 'sim', platform: 'ios', caps: { ...SINGLE_TOUCH, platformVerbs: ['ios.launch', 'ios.terminate', 'ios.open-url', 'ios.appearance', 'ios.status-bar', 'ios.erase'] } },
];

const point = { x: 100, y: 400 };
const tapPath = (t: number) => ({ id: 0, points: [{ ...point, t }, { ...point, t: t + 40 }] });

/** Arguments to try per command: valid ones first, then ones the schema or the screen refuses. */
const SAMPLES: { [C in CommandName]: unknown[] } = {
  outline: [{}, { format: 'json' }, { format: 'xml' }],
  tap: [{ target: point }, {}, { target: 7 }],
  'double-tap': [{ target: point }, { target: 'nonsense(' }],
  'long-press': [{ target: point, ms: 50 }, { target: point, ms: -1 }],
  swipe: [{ from: point, dy: -50, ms: 50 }, { from: point, ms: 1e9 }],
  drag: [{ from: point, to: { x: 100, y: 300 } }, { from: point }],
  'scroll-by': [{ dy: 50 }, { dx: 0, dy: 0 }],
  fling: [{ direction: 'up' }, { direction: 'sideways' }],
  pinch: [{ scale: 2, ms: 50 }, { scale: -1 }],
  rotate: [{ degrees: 45, ms: 50 }, { degrees: 9999 }],
  'two-finger-tap': [{}, { target: 3 }],
  'two-finger-long-press': [{ ms: 50 }, { ms: 'long' }],
  perform: [
    { fingers: [tapPath(0)] },
    // A double tap: one finger, twice, never two down together.
    { fingers: [tapPath(0), tapPath(100)] },
    { fingers: [tapPath(0), { ...tapPath(0), id: 1 }] },
    { fingers: [{ id: 0, points: [{ x: 10, y: 900, t: 0 }] }] },
    { fingers: [] },
  ],
  type: [{ text: 'hi' }, { text: 5 }],
  toggle: [{ target: point }, { target: point, on: 'yes' }],
  key: [{ key: 'Enter' }, { key: 'enter' }, { key: 'Hyper' }],
  button: [{ button: 'back' }, { button: 'home' }, { button: 'menu' }],
  screenshot: [{}, { scale: 9 }],
  'app-state': [{}, { extra: 1 }],
  batch: [{ steps: [{ command: 'tap', args: { target: point } }, { command: 'pinch', args: { scale: 2, ms: 50 } }] }, { steps: [{ command: 'tap', args: { target: point } }, { command: 'outline' }] }, { steps: [] }],
  'web.open': [{ url: 'https://example.com/' }, { url: 'not a url' }],
  'web.orientation': [{ orientation: 'landscape' }, { orientation: 'sideways' }],
  'ios.launch': [{ bundleId: 'com.apple.Preferences' }, { bundleId: '-rf' }],
  'ios.terminate': [{ bundleId: 'com.example.app' }, {}],
  'ios.open-url': [{ url: 'myapp://x' }, { url: 'file:///etc/passwd' }],
  'ios.appearance': [{ mode: 'dark' }, { mode: 'sepia' }],
  'ios.status-bar': [{ clean: true }, { clean: 'yes' }],
  'ios.install': [{ app: 'Demo.app' }, { app: '../x.app' }],
  'ios.erase': [{}, { all: true }],
  'android.rotate': [{ degrees: 90 }, { degrees: 45 }],
  'android.health': [{}, { verbose: true }],
  'android.uninstall-helpers': [{}, { force: 1 }],
};

type Verdict = { admitted: true } | { admitted: false; code: string; message: string; hint: string | undefined };

function refusal(err: { code: string; message: string; hint?: string | undefined }): Verdict {
  return { admitted: false, code: err.code, message: err.message, hint: err.hint };
}

test('the hub and the worker admit and refuse every command alike, on every capability set', async (t) => {
  const { hub, tokens } = await startTestHub(t);
  const descriptors = DEVICES.map((d) => ({ ...webDevice(d.id, d.caps), platform: d.platform }));
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: descriptors });
  t.after(() => worker.close());
  await worker.registered;
  const check = await hub.services.verifier.check(tokens.agent);
  assert.ok(check.ok);
  const actor: Actor = { tokenId: check.record.id, name: check.record.name, role: check.record.role };
  for (const d of DEVICES) await hub.services.leases.acquire(actor, d.id);

  const hubVerdict = async (deviceId: string, command: CommandName, args: unknown): Promise<Verdict> => {
    const sent = worker.received.length;
    try {
      const actions = hub.services.actions;
      await (OBSERVE_COMMANDS.has(command) ? actions.observe(actor, deviceId, command, args, 5000) : actions.act(actor, deviceId, command, args, 5000));
    } catch (err) {
      assert.ok(err instanceof SimlabError, String(err));
      assert.equal(worker.received.length, sent, `${command} was refused by the hub but reached the worker`);
      return refusal({ code: err.code, message: err.message, hint: err.options.hint });
    }
    assert.equal(worker.received.length, sent + 1, `${command} was admitted by the hub and must reach the worker`);
    return { admitted: true };
  };

  const workerVerdict = async (d: (typeof DEVICES)[number], command: CommandName, args: unknown): Promise<Verdict> => {
    const bridge = new CountingBridge();
    Object.assign(bridge.info, { platform: d.platform });
    Object.assign(bridge.capabilities, d.caps);
    const envelope: Envelope = await new DeviceSession(bridge, { stillTimeoutMs: 50 }).execute(command, args);
    if (bridge.touched > 0 || bridge.performed.length > 0 || bridge.log.length > 0) return { admitted: true };
    assert.ok(!envelope.ok, `${command} answered ok without touching the device`);
    assert.equal(envelope.error.disposition.delivery, 'not_delivered');
    return refusal(envelope.error);
  };

  let compared = 0;
  let refused = 0;
  for (const d of DEVICES) {
    for (const command of Object.keys(COMMANDS) as CommandName[]) {
      for (const args of SAMPLES[command]) {
        const onHub = await hubVerdict(d.id, command, args);
        const onWorker = await workerVerdict(d, command, args);
        assert.deepEqual(onHub, onWorker, `${d.id}: ${command} ${JSON.stringify(args)}`);
        compared++;
        if (!onHub.admitted) refused++;
      }
    }
  }
  assert.equal(compared, DEVICES.length * Object.values(SAMPLES).flat().length);
  assert.ok(refused > compared / 4 && refused < compared, `both verdicts occur (${refused} of ${compared} refused)`);
});

test('a double tap through perform is admitted on a single-touch device (the hub used to refuse it)', async (t) => {
  const { hub, tokens } = await startTestHub(t);
  const worker = startSimWorker({ hubUrl: hub.url, token: tokens.worker, devices: [webDevice('one', SINGLE_TOUCH)] });
  t.after(() => worker.close());
  await worker.registered;
  const check = await hub.services.verifier.check(tokens.agent);
  assert.ok(check.ok);
  const actor: Actor = { tokenId: check.record.id, name: check.record.name, role: check.record.role };
  await hub.services.leases.acquire(actor, 'one');
  const envelope = await hub.services.actions.act(actor, 'one', 'perform', { fingers: [tapPath(0), tapPath(100)] }, 5000);
  assert.equal(envelope.ok, true);
  assert.equal(worker.received.length, 1);
  await assert.rejects(
    hub.services.actions.act(actor, 'one', 'perform', { fingers: [tapPath(0), { ...tapPath(0), id: 1 }] }, 5000),
    (err: unknown) => err instanceof SimlabError && err.code === 'UNSUPPORTED' && err.options.hint === 'one pointer only',
  );
});
