import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tap } from '../../../core/gestures/index.js';
import type { Screen, UiNode } from '../../../core/model/index.js';
import { launchWebDevice } from './launch.js';
import { startPageServer, type PageServer } from './test-support/page-server.js';
import type { WebDevice } from './web-device.js';
import { admitTimeline } from '../../../core/wire/admitted-timeline.js';

// Settling by evidence (DESIGN.md section 5): one headless Chromium, the tests in order on it.
let pages: PageServer;
let device: WebDevice;

/** A page with one full-width button at the top and a status line under it. */
function page(script: string, head = ''): string {
  return (
    `<meta name="viewport" content="width=device-width,initial-scale=1">${head}<body style="margin:0">` +
    '<button id="go" style="display:block;width:100%;height:80px">Go</button><p id="status">Ready</p><input id="field" aria-label="Field">' +
    `<div id="box" style="width:40px;height:40px;background:#08f"></div><script>${script}</script>`
  );
}
const GO = { x: 195, y: 40 };
/** The page with a div for its button: a tap on it moves no focus, which would change the look by itself. */
const unfocusable = (html: string) => html.replace('<button id="go"', '<div role="button" id="go"').replace('Go</button>', 'Go</div>');

async function open(path: string): Promise<void> {
  await device.open(`${pages.origin}${path}`);
  assert.ok((await device.waitForStill()).still, `${path} settles after loading`);
}
const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];
const status = () => device.evaluate<string>('document.getElementById("status").textContent');

describe('web device settling by evidence (headless Chromium)', () => {
  before(async () => {
    pages = await startPageServer({
      '/still': page('document.getElementById("go").onclick = () => {};'),
      '/animated': page(
        'document.getElementById("go").onclick = () => { const box = document.getElementById("box");' +
          ' box.addEventListener("animationend", () => { document.getElementById("status").textContent = "Animation done"; }, { once: true });' +
          ' box.classList.add("fade"); };',
        '<style>.fade { animation: fade 700ms linear; } @keyframes fade { from { opacity: 0 } to { opacity: 1 } }</style>',
      ),
      '/fetching': page(
        'document.getElementById("go").onclick = () => fetch("/slow").then((r) => r.text()).then((t) => { document.getElementById("status").textContent = t; });',
      ),
      '/slow': (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('Loaded'), 700);
      },
      // Reactions the look must see though they change no layout at once: a change made in the
      // next frame, a tip that only :hover shows, a new URL without a DOM change.
      '/next-frame': page('document.getElementById("go").onclick = () => requestAnimationFrame(() => { document.getElementById("status").textContent = "Next frame"; });'),
      '/hover': unfocusable(
        page('document.getElementById("go").onclick = () => {};', '<style>#tip { visibility: hidden } #go:hover ~ #tip { visibility: visible }</style>'),
      ).replace('<p id="status">', '<p id="tip">Tip shown</p><p id="status">'),
      // A tall list that the tap scrolls smoothly to its end.
      '/smooth': page(
        'document.getElementById("go").onclick = () => document.getElementById("list").scrollTo({ top: 2000, behavior: "smooth" });',
        '<style>#list { height: 300px; overflow-y: scroll } #list div { height: 100px }</style>',
      ).replace('<div id="box"', `<div id="list">${Array.from({ length: 40 }, (_, i) => `<div>Row ${i}</div>`).join('')}</div><div id="box"`),
      '/hash': unfocusable(page('document.getElementById("go").onclick = () => { history.pushState(null, "", "#moved"); };')),
      // A request the page started on its own, before any tap, that never answers.
      '/polling': page('fetch("/hang").catch(() => {}); document.getElementById("go").onclick = () => {};'),
      '/hang': () => undefined,
      // A page that starts a request as it is left, which Chromium never ends once the next page is in.
      '/leaving': page('addEventListener("beforeunload", () => { fetch("/hang").catch(() => {}); });'),
    });
    device = await launchWebDevice({ url: `${pages.origin}/still` });
  });
  after(async () => {
    await device?.close();
    await pages?.close();
  });

  it('answers a tap on a still screen without waiting the quiet window', async () => {
    await open('/still');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    // With a 3 s window a still answer that says it has been still for less proves the evidence answered.
    const still = await device.waitForStill({ quietMs: 3000 });
    assert.equal(still.still, true);
    assert.ok(still.ms < 3000, `still for ${still.ms} ms, less than the window`);
    // A second look at the unchanged screen knows it at once, even without waiting.
    assert.equal((await device.waitForStill({ timeoutMs: 0, quietMs: 3000 })).still, true);
  });

  it('waits for the answer of a page that is slow to answer, as a loaded machine is', async () => {
    await open('/still');
    // A 300 ms task runs when the look arrives: the page answers late, but it answers that it is still.
    await device.evaluate('setTimeout(() => { const end = Date.now() + 300; while (Date.now() < end); }, 0), 1');
    assert.equal((await device.waitForStill({ timeoutMs: 0 })).still, true);
  });

  it('describes an unchanged page from its last capture, and sees what the page\'s own script changes', async () => {
    await open('/still');
    const first = await device.rawTree();
    assert.equal(await device.rawTree(), first, 'nothing changed: the same capture');
    const field = (screen: Screen) => all(screen.root).find((n) => n.label === 'Field');
    await device.evaluate('document.getElementById("status").textContent = "Changed"');
    assert.ok(all((await device.describe()).root).some((n) => n.label === 'Changed'), 'a text the script wrote');
    await device.evaluate('document.getElementById("field").value = "set by script"');
    assert.equal(field(await device.describe())?.value, 'set by script', 'a value set as a property, which no DOM mutation reports');
    await device.evaluate('document.getElementById("field").focus()');
    assert.equal(field(await device.describe())?.states.focused, true, 'focus moved by the script');
    assert.notEqual(await device.rawTree(), first);
  });

  it('gives the same capture after a tap that changed nothing, and sees what a tap changed without a mutation', async () => {
    await open('/still');
    const first = await device.rawTree();
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    const unchanged = await device.rawTree();
    assert.equal(await device.rawTree(), unchanged, 'nothing changed since the first look after the tap: the same capture');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    assert.equal(await device.rawTree(), unchanged, 'the second tap on the same button changed nothing');
    assert.ok(first.nodes.length > 0);

    await open('/hover');
    const tip = (screen: Screen) => all(screen.root).some((n) => n.label === 'Tip shown');
    assert.equal(tip(await device.describe()), false, 'the tip is hidden before the tap');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    assert.equal(tip(await device.describe()), true, 'the tap left the pointer over the button: :hover shows the tip');

    await open('/hash');
    const before = await device.rawTree();
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    const moved = await device.rawTree();
    assert.notEqual(moved, before);
    assert.match(moved.url ?? '', /#moved$/, 'a new URL without a DOM change');
  });

  it('waits for a change the tap makes in the next frame', async () => {
    await open('/next-frame');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    assert.equal(await status(), 'Next frame', 'the answer came after the change');
    assert.ok(all((await device.describe()).root).some((n) => n.label === 'Next frame'), 'and the description shows it');
  });

  it('waits for a smooth scroll the tap started to come to its end', async () => {
    await open('/smooth');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    assert.equal((await device.waitForStill()).still, true);
    assert.equal(await device.evaluate<number>('document.getElementById("list").scrollTop'), 2000, 'at rest only at the end of the scroll');
  });

  it('still waits for an animation the tap started', async () => {
    await open('/animated');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    const still = await device.waitForStill();
    assert.equal(still.still, true);
    assert.equal(await status(), 'Animation done', 'the answer came after the animation ended');
  });

  it('waits for a request the tap started, longer than the quiet window', async () => {
    await open('/fetching');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    const still = await device.waitForStill();
    assert.equal(still.still, true);
    assert.equal(await status(), 'Loaded', 'the answer came after the response was shown');
  });

  it('does not wait for a request the page started before the tap', async () => {
    // Opening the page started the request, so that look waits for it (and gives up).
    await device.open(`${pages.origin}/polling`);
    assert.equal((await device.waitForStill({ timeoutMs: 600 })).still, false, 'the load is still waiting for its request');
    await device.perform(admitTimeline(tap(GO), device.info.size));
    const still = await device.waitForStill({ timeoutMs: 2000 });
    assert.equal(still.still, true, 'the hanging request from before the tap is not the tap\'s');
  });

  it('does not wait for a request of the page it left', async () => {
    await open('/leaving');
    const hangs = () => pages.requests.filter((path) => path === '/hang').length;
    const before = hangs();
    // The request /leaving starts as it goes never ends: the next page settles all the same.
    await open('/still');
    assert.equal(hangs(), before + 1, '/leaving made its request on the way out');
  });
});
