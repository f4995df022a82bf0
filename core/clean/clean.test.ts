import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { containsRect, type Rect } from '../model/geometry.js';
import type { UiNode } from '../model/ui-node.js';
import { importScreen } from '../importers/index.js';
import { parseScreen } from '../import-and-clean.js';
import { loadFixture, loadFixtures, loadLabels, withoutFixtures } from '../../test/support/fixtures.js';
import { buildSnapshot } from '../outline/build.js';
import { renderOutline } from '../outline/render.js';
import { detectLists } from '../lists/index.js';
import { cleanScreen } from './index.js';

const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];
const count = (n: UiNode): number => all(n).length;
const labels = (n: UiNode): string[] => all(n).flatMap((x) => (x.label ? [x.label] : []));
const near = (a: Rect, b: Rect, tol = 1.5): boolean =>
  Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) <= tol && Math.abs(a.w - b.w) <= tol && Math.abs(a.h - b.h) <= tol;

describe('cleanScreen', { skip: withoutFixtures() }, () => {
  it('leaves every fixture a non-empty screen of visible, placed elements', () => {
    for (const f of loadFixtures()) {
      const raw = importScreen(f.text);
      const clean = cleanScreen(raw);
      const nodes = all(clean.root).slice(1);
      assert.ok(nodes.length >= 5, `${f.name}: ${nodes.length} kept`);
      assert.ok(count(clean.root) <= count(raw.root), f.name);
      const screen: Rect = { x: 0, y: 0, ...clean.size };
      const windowIds = new Set(clean.windows.map((w) => w.id));
      for (const n of nodes) {
        const where = `${f.name}: ${n.role} ${n.label ?? n.id ?? ''}`;
        assert.ok(n.visibleFrame && n.visibleFrame.w > 0 && n.visibleFrame.h > 0, where);
        assert.ok(containsRect(screen, n.visibleFrame), where);
        assert.ok(containsRect(n.frame, n.visibleFrame), where);
        assert.notEqual(n.visible, false, where);
        assert.ok(n.window !== undefined && windowIds.has(n.window), where);
        assert.ok(n.label || n.value || n.id || n.actions.length > 0 || n.states.checked !== undefined || n.children.length > 0, where);
        assert.notEqual(n.role, 'Window', where);
      }
      assert.deepEqual(cleanScreen(clean), clean, `${f.name}: cleaning a clean screen changes nothing`);
    }
  });

  it('drops invisible and zero-size nodes and collapses layout wrappers (real reductions)', () => {
    const cases: Array<[string, number, number]> = [
      // fixture, nodes imported, at most this many kept
      ['android/appium_settings_top.xml', 80, 50],
      ['android/appium_twitter_home_feed.xml', 157, 80],
      ['ios/appium_ios_settings_top.xml', 93, 35],
      ['ios/appium_ios_app_form_scrollview.xml', 70, 35],
      ['rico/facebook_newsfeed_recyclerview.json', 115, 45],
      ['rico/messaging_new_conversation_contacts.json', 45, 20],
    ];
    for (const [name, before, most] of cases) {
      const raw = importScreen(loadFixture(name).text);
      assert.equal(count(raw.root), before, name);
      const kept = count(cleanScreen(raw).root);
      assert.ok(kept <= most, `${name}: ${before} -> ${kept}`);
    }
    // Android's settings list: the FrameLayout/LinearLayout chain above the content is gone.
    const top = parseScreen(loadFixture('android/appium_settings_top.xml').text);
    const wrappers = all(top.root).filter((n) => n.role === 'Group' && !n.label && !n.id && n.actions.length === 0);
    assert.equal(wrappers.length, 0, 'no anonymous layout-only group is left');
    // Rico: views that are GONE or not visible to the user are dropped with their subtrees.
    const msg = parseScreen(loadFixture('rico/messaging_new_conversation_contacts.json').text);
    assert.equal(all(msg.root).filter((n) => n.role === 'List').length, 0, 'the gone contact lists are dropped');
    assert.ok(labels(msg.root).some((l) => l.startsWith('Enter a contact name')), 'the empty-state text stays');
    const share = parseScreen(loadFixture('rico/android_share_chooser_listview.json').text);
    assert.ok(all(share.root).every((n) => n.frame.w > 0 && n.frame.h > 0), 'zero-size slots are dropped');
  });

  it('keeps the labelled list containers and their cells for list detection', () => {
    let checked = 0;
    for (const row of loadLabels()) {
      if (row.main_list !== 'yes') continue;
      const name = row.file as string;
      const s = parseScreen(loadFixture(name).text);
      const [x1, y1, x2, y2] = (row.container_bounds as string).split(',').map(Number) as [number, number, number, number];
      const unit = name.startsWith('ios/') ? 1 : s.scale;
      const want = { x: x1 / unit, y: y1 / unit, w: (x2 - x1) / unit, h: (y2 - y1) / unit };
      const id = row.container_id === '-' ? undefined : (row.container_id as string).replace(/^.*:id\//, '');
      const container = all(s.root).find((n) => (id === undefined || n.id === id) && near(n.frame, want) && n.children.length > 1);
      assert.ok(container, `${name}: the list container ${row.container_class} ${id ?? ''} is kept`);
      // Android writes times with a hair space (8:30\u200aAM); the labels with a plain one.
      const plain = (t: string): string => t.replace(/[\s\u2000-\u200b\u202f]+/g, ' ');
      const inside = plain(labels(container).join('\n'));
      for (const text of [row.first_cell_text, row.last_cell_text]) {
        if (!text || text === '-' || text === '(no text)') continue;
        assert.ok(inside.includes(plain(text).slice(0, 30)), `${name}: "${text}" is inside the list`);
      }
      checked += 1;
    }
    assert.ok(checked >= 15, `${checked} labelled lists checked`);
  });

  it('clips each visible frame to the screen and to its scroll container', () => {
    const ios = parseScreen(loadFixture('ios/appium_ios_settings_top.xml').text);
    const game = all(ios.root).find((n) => n.role === 'Cell' && n.label === 'Game Center');
    assert.ok(game?.visibleFrame);
    assert.equal(game.visibleFrame.y + game.visibleFrame.h, 844, 'cut at the bottom of the screen');
    assert.ok(game.visibleFrame.h < game.frame.h);
    assert.ok(!labels(ios.root).includes('Developer'), 'a cell below the screen is gone');
    assert.ok(all(ios.root).some((n) => n.role === 'Cell' && n.label === 'General' && n.actions.includes('tap')));

    const twitter = parseScreen(loadFixture('android/appium_twitter_home_feed.xml').text);
    const feed = all(twitter.root).find((n) => n.id === 'list' && n.role === 'List');
    assert.ok(feed?.visibleFrame);
    for (const n of all(feed).slice(1)) {
      assert.ok(n.visibleFrame && containsRect(feed.visibleFrame, n.visibleFrame), `${n.role} ${n.label ?? ''} stays inside the feed`);
    }
  });

  it('hides what a raised Android overlay covers: the inbox under the open search view', () => {
    const gmail = parseScreen(loadFixture('android/appium_gmail_inbox.xml').text);
    const seen = labels(gmail.root);
    assert.ok(seen.includes('emails from xai interview') && seen.includes('emails from xai'), 'search suggestions stay');
    assert.ok(seen.includes('Clear text'));
    for (const gone of ['Groq', 'Adam Whitney', 'Inbox', 'Open navigation drawer']) assert.ok(!seen.includes(gone), `${gone} is covered`);
    assert.ok(!all(gmail.root).some((n) => n.id === 'thread_list_view'), 'the covered inbox list is gone');
    // Without a declared paint order, a later sibling is not taken as an overlay.
    const settings = parseScreen(loadFixture('android/appium_settings_top.xml').text);
    assert.ok(labels(settings.root).includes('Search settings'));
    // The same dump as `uiautomator dump` gives it (no paint order): the inbox's own search bar is
    // listed after the open search view, yet the field that holds the focus stays.
    const unordered = parseScreen(loadFixture('android/appium_gmail_inbox.xml').text.replace(/ drawing-order="\d+"/g, ''));
    assert.ok(all(unordered.root).some((n) => n.id === 'open_search_view_edit_text' && n.states.focused), 'the focused search field stays');
  });

  it('hides under a raised layer only what its content covers: a compose button\'s layer raised over the inbox leaves the rows seen', () => {
    const node = (bounds: string, order: number, attrs: string, children = '') =>
      `<node class="android.widget.FrameLayout" package="com.example.mail" text="" content-desc="" resource-id="" drawing-order="${order}" bounds="${bounds}" ${attrs}>${children}</node>`;
    const text = (bounds: string, t: string, order = 1) => `<node class="android.widget.TextView" package="com.example.mail" text="${t}" content-desc="" resource-id="" drawing-order="${order}" bounds="${bounds}"/>`;
    const rows = [300, 500, 700].map((y, i) => node(`[0,${y}][1080,${y + 200}]`, i + 1, 'clickable="true"', text(`[40,${y + 60}][1000,${y + 140}]`, `Thread ${i}`))).join('');
    const compose = `<node class="android.widget.Button" package="com.example.mail" text="Compose" content-desc="" resource-id="" clickable="true" drawing-order="1" bounds="[660,2140][1020,2290]"/>`;
    const under = text('[40,2160][600,2270]', 'Under the button', 4);
    // Listed first but painted last: an empty holder (with an id: no dimming view) and a bar holding the button.
    const holder = `<node class="android.widget.FrameLayout" package="com.example.mail" text="" content-desc="" resource-id="com.example.mail:id/survey_holder" drawing-order="1" bounds="[0,0][1080,2400]"/>`;
    const layer = node('[0,0][1080,2400]', 3, '', holder + node('[0,2000][1080,2400]', 2, '', compose));
    const list = node('[0,0][1080,2400]', 2, '', rows + node('[0,2140][1080,2290]', 4, '', under));
    const dump = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node('[0,0][1080,2400]', 0, '', layer + list)}</hierarchy>`;
    const seen = labels(parseScreen(dump).root);
    for (const l of ['Compose', 'Thread 0', 'Thread 2']) assert.ok(seen.includes(l), `${l} is seen`);
    assert.ok(!seen.includes('Under the button'), 'what lies under the bar with the button is covered');
  });

  it('looks through wrappers as large as a raised layer: a ComposeView holding one small tools button, raised over a React Native page, hides only that button\'s corner', () => {
    const node = (bounds: string, order: number, cls: string, children = '') =>
      `<node class="${cls}" package="com.example.quiz" text="" content-desc="" resource-id="" drawing-order="${order}" bounds="${bounds}">${children}</node>`;
    const text = (bounds: string, t: string) => `<node class="android.widget.TextView" package="com.example.quiz" text="${t}" content-desc="" resource-id="" drawing-order="1" bounds="${bounds}"/>`;
    const tools = `<node class="android.widget.ImageView" package="com.example.quiz" text="" content-desc="Tools" resource-id="" drawing-order="0" bounds="[910,77][978,145]"/>`;
    const corner = node('[0,0][273,331]', 0, 'android.view.View', tools);
    const layer = node('[0,0][1080,2400]', 2, 'android.widget.LinearLayout', node('[0,0][1080,2400]', 1, 'androidx.compose.ui.platform.ComposeView', node('[0,0][1080,2400]', 0, 'android.view.View', corner)));
    const rows = [429, 689, 949].map((y, i) => node(`[53,${y}][1028,${y + 223}]`, 1, 'android.view.ViewGroup', text(`[365,${y + 50}][849,${y + 114}]`, `Player ${i}`))).join('');
    const page = node('[0,0][1080,2400]', 1, 'android.widget.FrameLayout', node('[0,376][1080,2232]', 1, 'android.widget.ScrollView', rows));
    const dump = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node('[0,0][1080,2400]', 0, 'android.widget.FrameLayout', layer + page)}</hierarchy>`;
    const seen = labels(parseScreen(dump).root);
    for (const l of ['Tools', 'Player 0', 'Player 1', 'Player 2']) assert.ok(seen.includes(l), `${l} is seen`);
  });

  it('hides what a later panel covers where no paint order is given: rows under an open drawer, a title under the bottom bar', () => {
    const node = (bounds: string, attrs: string, children = '') =>
      `<node class="android.widget.FrameLayout" package="com.example.mail" text="" content-desc="" resource-id="" bounds="${bounds}" ${attrs}>${children}</node>`;
    const text = (bounds: string, t: string) => `<node class="android.widget.TextView" package="com.example.mail" text="${t}" content-desc="" resource-id="" clickable="false" bounds="${bounds}"/>`;
    const row = (y: number, t: string) => node(`[0,${y}][1080,${y + 200}]`, 'clickable="true"', text(`[40,${y + 60}][1000,${y + 140}]`, t));
    const rows = [200, 400, 600, 800].map((y, i) => row(y, `Thread ${i}`)).join('');
    const entry = (y: number, t: string) => node(`[0,${y}][990,${y + 100}]`, 'clickable="true"', text(`[40,${y + 20}][900,${y + 80}]`, t));
    const drawer = node('[0,0][990,2000]', 'clickable="false"', text('[40,60][900,160]', 'me@example.com') + entry(300, 'Inbox folder') + entry(1800, 'Settings'));
    const tab = (x: number, t: string) => node(`[${x},1900][${x + 540},2000]`, 'clickable="true"', text(`[${x + 200},1920][${x + 340},1980]`, t));
    const bottomBar = node('[0,1900][1080,2000]', 'clickable="false"', tab(0, 'Mail') + tab(540, 'Meet'));
    const footer = text('[40,1920][1000,1990]', 'Under the bar');
    const dump = (content: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node('[0,0][1080,2000]', '', content)}</hierarchy>`;
    const open = labels(parseScreen(dump(node('[0,0][1080,2000]', '', rows + footer) + drawer)).root);
    assert.ok(open.includes('Inbox folder') && open.includes('Settings'), 'the drawer shows');
    for (const gone of ['Thread 0', 'Thread 3']) assert.ok(!open.includes(gone), `${gone} is under the drawer`);
    const closed = labels(parseScreen(dump(node('[0,0][1080,2000]', '', rows + footer) + bottomBar)).root);
    assert.ok(closed.includes('Thread 0') && closed.includes('Thread 3') && closed.includes('Mail'), 'rows beside the bar stay');
    assert.ok(!closed.includes('Under the bar'), 'a text under the bottom bar is not seen');
    // A later layer as large as its parent is no evidence (a see-through container), nor is a panel's empty part.
    const layer = node('[0,0][1080,2000]', '', text('[40,1700][900,1780]', 'Floating hint'));
    const stack = node('[0,0][1080,1600]', '', text('[40,1200][900,1280]', 'Notification'));
    const seen = labels(parseScreen(dump(node('[0,0][1080,2000]', '', rows) + layer)).root);
    assert.ok(seen.includes('Thread 0') && seen.includes('Floating hint'));
    const under = labels(parseScreen(dump(node('[0,0][1080,2000]', '', rows) + stack)).root);
    assert.ok(under.includes('Thread 0') && under.includes('Notification'), 'rows above the stack\'s first card stay');
  });

  it('hides rows under the window\'s own navigation bar backing, where the paint order is given, wrappers and all', () => {
    const node = (bounds: string, order: number, attrs: string, children = '') =>
      `<node class="android.view.View" package="com.example.chat" text="" content-desc="" resource-id="" drawing-order="${order}" bounds="${bounds}" ${attrs}>${children}</node>`;
    const text = (bounds: string, t: string) => `<node class="android.widget.TextView" package="com.example.chat" text="${t}" content-desc="" resource-id="" drawing-order="1" bounds="${bounds}"/>`;
    // Each row: a plain wrapper around a tappable row around its title.
    const row = (y: number, t: string, i: number) => node(`[0,${y}][960,${y + 144}]`, i, '', node(`[0,${y}][960,${y + 144}]`, 0, 'clickable="true"', text(`[72,${y + 40}][888,${y + 105}]`, t)));
    const rows = ['Recipes', 'Ribs', 'Lamb', 'Bread', 'Soup'].map((t, i) => row(2508 - (4 - i) * 144, t, i + 1)).join('');
    const backing = `<node class="android.view.View" package="com.example.chat" text="" content-desc="" resource-id="android:id/navigationBarBackground" drawing-order="3" bounds="[0,2528][1200,2670]"/>`;
    const dump = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node('[0,0][1200,2670]', 0, '', node('[0,0][1200,2670]', 1, '', node('[0,0][1200,2670]', 0, 'scrollable="true"', rows)) + backing)}</hierarchy>`;
    const s = parseScreen(dump);
    const seen = labels(s.root);
    assert.ok(['Recipes', 'Ribs', 'Lamb', 'Bread'].every((t) => seen.includes(t)), seen.join(', '));
    assert.ok(!seen.includes('Soup'), 'the last row\'s title lies under the bar backing');
    assert.ok(!all(s.root).some((n) => n.actions.includes('tap') && n.frame.y * s.scale >= 2508), 'and its tappable wrapper, which names nothing, is gone with it');
  });

  it('keeps the frontmost app window plus system bars and the keyboard, and cuts what the bars cover', () => {
    const node = (pkg: string, cls: string, bounds: string, extra: string, inner = ''): string =>
      `<node index="0" class="${cls}" package="${pkg}" resource-id="" checkable="false" checked="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="${bounds}" ${extra}>${inner}</node>`;
    const plain = 'text="" content-desc="" clickable="false"';
    const text = [
      '<hierarchy rotation="0">',
      node('com.android.systemui', 'android.widget.FrameLayout', '[0,0][1080,63]', plain, node('com.android.systemui', 'android.widget.TextView', '[40,0][140,63]', 'text="12:30" content-desc="" clickable="false"')),
      node('com.google.android.inputmethod.latin', 'android.widget.FrameLayout', '[0,1400][1080,2148]', plain, node('com.google.android.inputmethod.latin', 'android.widget.Button', '[0,1500][108,1600]', 'text="q" content-desc="" clickable="true"')),
      node(
        'com.example.app',
        'android.widget.FrameLayout',
        '[0,0][1080,2148]',
        plain,
        [
          node('com.example.app', 'android.widget.Button', '[0,0][1080,200]', 'text="Under the bar" content-desc="" clickable="true"'),
          node('com.example.app', 'android.widget.EditText', '[0,300][1080,400]', 'text="hello" content-desc="" clickable="true"'),
          node('com.example.app', 'android.widget.Button', '[0,1800][1080,1900]', 'text="Under the keyboard" content-desc="" clickable="true"'),
        ].join(''),
      ),
      node('com.android.launcher3', 'android.widget.FrameLayout', '[0,0][1080,2148]', plain, node('com.android.launcher3', 'android.widget.TextView', '[0,500][1080,600]', 'text="Launcher icon" content-desc="" clickable="true"')),
      node('com.android.systemui', 'android.widget.FrameLayout', '[0,2148][1080,2274]', plain, node('com.android.systemui', 'android.widget.ImageView', '[200,2148][300,2274]', 'text="" content-desc="Back" clickable="true"')),
      '</hierarchy>',
    ].join('');
    const s = parseScreen(text);
    assert.equal(s.app, 'com.example.app');
    assert.deepEqual(s.windows.map((w) => w.id), ['com.android.systemui', 'com.google.android.inputmethod.latin', 'com.example.app', 'com.android.systemui#2']);
    const seen = labels(s.root);
    for (const l of ['12:30', 'q', 'Under the bar', 'Back']) assert.ok(seen.includes(l), l);
    assert.ok(!seen.includes('Launcher icon'), 'the window behind the app is gone');
    assert.ok(!seen.includes('Under the keyboard'), 'what the keyboard covers is gone');
    const bar = all(s.root).find((n) => n.label === 'Under the bar');
    assert.ok(bar?.visibleFrame);
    assert.equal(bar.visibleFrame.y, 63 / 2.625, 'the status bar cuts off the top');
    assert.equal(all(s.root).find((n) => n.value === 'hello')?.window, 'com.example.app');
    assert.equal(all(s.root).find((n) => n.label === 'Back')?.window, 'com.android.systemui#2');
  });

  it('keeps the app the user looks at under a small window of another app, which stays as an overlay', () => {
    const node = (pkg: string, cls: string, bounds: string, extra: string, inner = ''): string =>
      `<node index="0" class="${cls}" package="${pkg}" resource-id="" checkable="false" checked="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="${bounds}" ${extra}>${inner}</node>`;
    const plain = 'text="" content-desc="" clickable="false"';
    const app = (pkg: string, bounds: string, label: string, at: string) =>
      node(pkg, 'android.widget.FrameLayout', bounds, plain, node(pkg, 'android.widget.Button', at, `text="${label}" content-desc="" clickable="true"`));
    // Topmost first: an edge-panel handle and a chat head above the app, the same app's dialog below them.
    const dump = (dialog: boolean) =>
      [
        '<hierarchy rotation="0">',
        app('com.samsung.android.app.cocktailbarservice', '[1040,600][1080,900]', 'Edge panel', '[1040,600][1080,900]'),
        app('com.facebook.orca', '[900,1200][1060,1360]', 'Chat head', '[900,1200][1060,1360]'),
        dialog ? app('com.example.mail', '[90,800][990,1300]', 'Discard draft?', '[120,1100][960,1250]') : '',
        app('com.example.mail', '[0,0][1080,2274]', 'Inbox', '[0,200][1080,400]'),
        '</hierarchy>',
      ].join('');
    const s = parseScreen(dump(false));
    assert.equal(s.app, 'com.example.mail', 'the app that covers the screen, not the last small window');
    assert.deepEqual(
      s.windows.map((w) => [w.id, w.kind]),
      [
        ['com.samsung.android.app.cocktailbarservice', 'overlay'],
        ['com.facebook.orca', 'overlay'],
        ['com.example.mail', 'app'],
      ],
    );
    for (const l of ['Inbox', 'Edge panel', 'Chat head']) assert.ok(labels(s.root).includes(l), l);
    const outline = renderOutline(buildSnapshot(s));
    assert.match(outline, /\[Overlay\]\n(.*\n)*.*"Edge panel"/, 'overlays have their own band');
    assert.ok(outline.indexOf('"Inbox"') < outline.indexOf('[Overlay]'));
    // A small window of the app itself (its dialog) is what the user looks at.
    const withDialog = parseScreen(dump(true));
    assert.ok(labels(withDialog.root).includes('Discard draft?'));
    assert.ok(!labels(withDialog.root).includes('Inbox'), 'the dialog is in front of its app');
  });

  it('respects the clipping an importer already knows (a web capture cut by CSS overflow)', () => {
    const node = (id: string, role: string, name: string, parent?: string, kids: string[] = []): Record<string, unknown> => ({
      nodeId: id,
      role: { type: 'role', value: role },
      name: { type: 'computedString', value: name },
      childIds: kids,
      backendDOMNodeId: Number(id),
      ...(parent ? { parentId: parent } : {}),
    });
    const capture = {
      format: 'cdp-ax',
      viewport: { w: 390, h: 844 },
      scale: 3,
      nodes: [node('1', 'RootWebArea', 'Demo', undefined, ['2', '3', '4']), node('2', 'button', 'Shown', '1'), node('3', 'button', 'Clipped away', '1'), node('4', 'button', 'Half', '1')],
      boxes: {
        '1': { frame: [0, 0, 390, 844] },
        '2': { frame: [10, 10, 100, 40], clickable: true },
        '3': { frame: [10, 60, 100, 40], clickable: true, clip: null },
        '4': { frame: [10, 110, 100, 40], clickable: true, clip: [0, 0, 390, 130] },
      },
    };
    const s = parseScreen(JSON.stringify(capture));
    const seen = labels(s.root);
    assert.ok(seen.includes('Shown') && seen.includes('Half'));
    assert.ok(!seen.includes('Clipped away'));
    assert.deepEqual(all(s.root).find((n) => n.label === 'Half')?.visibleFrame, { x: 10, y: 110, w: 100, h: 20 });
  });

  it('keeps the iOS status bar window and drops the invisible one', () => {
    const form = parseScreen(loadFixture('ios/appium_ios_app_form_scrollview.xml').text);
    assert.deepEqual(form.windows.map((w) => [w.id, w.kind]), [['window0', 'app'], ['window2', 'system']]);
    assert.equal(all(form.root).find((n) => n.label === '9:50')?.window, 'window2');
    assert.equal(all(form.root).find((n) => n.label === 'Skip')?.window, 'window0');
    assert.ok(all(form.root).some((n) => n.role === 'StatusBar'));
  });

  it('keeps the rows of an unnamed column whose first row is a pixel shorter than the rest (a chat\'s messages, each a row holding its bubble)', () => {
    const plain = 'text="" content-desc="" resource-id="" clickable="false"';
    const view = (bounds: string, inner = '') => `<node class="android.view.ViewGroup" package="com.example.chat" ${plain} bounds="${bounds}">${inner}</node>`;
    // A message: a full-width row holding an empty bubble and its text, on the left or the right.
    const message = (top: number, bottom: number, i: number) => {
      const [x1, x2] = i % 2 === 0 ? [42, 300] : [780, 1038];
      const bubble = view(`[${x1},${top}][${x2},${Math.max(top + 1, bottom - 21)}]`);
      const text = `<node class="android.widget.TextView" package="com.example.chat" text="message ${i}" content-desc="" resource-id="" clickable="false" bounds="[${x1 + 31},${top + 21}][${x2 - 31},${Math.max(top + 2, bottom - 42)}]"/>`;
      return view(`[42,${top}][1038,${bottom}]`, bubble + text);
    };
    const chat = (rows: Array<[number, number]>) => {
      const dump = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${view('[0,0][1080,2400]', `<node class="android.widget.ScrollView" package="com.example.chat" ${plain} scrollable="true" bounds="[0,210][1080,2114]">${view('[0,210][1080,2114]', rows.map(([t, b], i) => message(t, b, i)).join(''))}</node>`)}</hierarchy>`;
      const s = parseScreen(dump);
      const kept = all(s.root).filter((n) => n.role === 'Group' && n.frame.w * s.scale > 990 && n.children.some((c) => c.label?.startsWith('message')));
      return { s, kept };
    };
    const full = (from: number, n: number): Array<[number, number]> => Array.from({ length: n }, (_, i) => [from + i * 114, from + (i + 1) * 114]);
    // The first row two pixels shorter than the rest: edge to edge still, rows a pixel apart in size.
    const shorter = chat([[210, 322], ...full(322, 10)]);
    assert.equal(shorter.kept.length, 11, 'a pixel of difference in the first row does not add up to a gap further down');
    assert.equal(detectLists(shorter.s)[0]?.cells.length, 11);
  });
});
