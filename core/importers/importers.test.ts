import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgs } from '../../test/support/invalid-args.js';
import type { UiNode } from '../model/ui-node.js';
import { loadFixture, loadFixtures, withoutFixtures } from '../../test/support/fixtures.js';
import { parseScreen } from '../import-and-clean.js';
import { detectLists } from '../lists/index.js';
import { detectFormat, importScreen, TREE_FORMATS, type TreeFormat } from './index.js';

const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];
const byLabel = (root: UiNode, label: string): UiNode[] => all(root).filter((n) => n.label === label);

function expectedFormat(name: string): TreeFormat {
  if (name.startsWith('android/')) return 'android-xml';
  if (name.startsWith('rico/')) return 'rico';
  return name.endsWith('.json') ? 'idb-json' : 'ios-xml';
}

/** The Appium page source in the plain `uiautomator dump` form: <node class=...>, no `displayed`. */
function asUiautomatorDump(appium: string): string {
  return appium
    .replace(/<(\/?)[A-Za-z][\w.$]*(?=[\s>])/g, (tag, slash: string) => (/^<\/?hierarchy$/.test(tag) ? tag : `<${slash}node`))
    .replace(/ displayed="(true|false)"/g, '')
    .replace(/<hierarchy [^>]*>/, '<hierarchy rotation="0">');
}

describe('importScreen', { skip: withoutFixtures() }, () => {
  const fixtures = loadFixtures();

  it('imports every fixture with the screen size in points and every node from the accessibility tree', () => {
    assert.ok(fixtures.length >= 20);
    for (const f of fixtures) {
      const s = importScreen(f.text);
      const nodes = all(s.root);
      assert.ok(nodes.length > 10, `${f.name}: ${nodes.length} nodes`);
      assert.ok(nodes.every((n) => n.source === 'ax'), f.name);
      assert.ok(nodes.every((n) => [n.frame.x, n.frame.y, n.frame.w, n.frame.h].every(Number.isFinite)), f.name);
      assert.ok(s.windows.length >= 1, f.name);
      assert.ok(s.app, `${f.name} names its app`);
      const wide = f.name.startsWith('ios/') ? [375, 402] : [405, 415];
      assert.ok(s.size.w >= (wide[0] as number) && s.size.w <= (wide[1] as number), `${f.name}: width ${s.size.w}`);
      assert.equal(s.orientation, 'portrait');
    }
  });

  it('turns Android pixels into points with the density that makes the screen ~411 points wide', () => {
    const top = importScreen(loadFixture('android/appium_settings_top.xml').text);
    assert.equal(top.scale, 2.625);
    assert.equal(Math.round(top.size.w), 411);
    const gmail = importScreen(loadFixture('android/appium_gmail_inbox.xml').text);
    assert.equal(gmail.scale, 3.5);
    assert.deepEqual([Math.round(gmail.size.w), Math.round(gmail.size.h)], [411, 891]);
    const rico = importScreen(loadFixture('rico/instaweather_settings_listview.json').text);
    assert.equal(rico.scale, 3.5);
    assert.deepEqual([Math.round(rico.size.w), Math.round(rico.size.h)], [411, 731]);
    const forced = importScreen(loadFixture('android/appium_settings_top.xml').text, { scale: 3 });
    assert.equal(forced.size.w, 360);
    invalidArgs(() => importScreen(loadFixture('android/appium_settings_top.xml').text, { scale: 0 }));
  });

  it('reads Android labels, values, short ids, roles, states and actions', () => {
    const s = importScreen(loadFixture('android/appium_settings_top.xml').text);
    assert.equal(s.app, 'com.android.settings');
    const [title] = byLabel(s.root, 'Network & internet');
    assert.ok(title);
    assert.equal(title.role, 'Text');
    assert.equal(title.id, 'title');
    const list = all(s.root).find((n) => n.id === 'recycler_view');
    assert.equal(list?.role, 'List');
    assert.equal(list?.className, 'androidx.recyclerview.widget.RecyclerView');
    const scroller = all(s.root).find((n) => n.id === 'main_content_scrollable_container');
    assert.ok(scroller?.actions.includes('scroll') && scroller.states.scrollable, 'scrollable="true" scrolls');
    const row = all(s.root).find((n) => n.children.some((c) => c.children.includes(title)));
    assert.deepEqual(row?.actions, ['tap'], 'the row around the title is tappable');

    const gmail = importScreen(loadFixture('android/appium_gmail_inbox.xml').text);
    const field = all(gmail.root).find((n) => n.id === 'open_search_view_edit_text');
    assert.equal(field?.role, 'TextField');
    assert.equal(field?.value, 'emails from xai');
    assert.equal(field?.label, 'Search in mail', 'a field is named by its hint, its text is its value');
    assert.deepEqual(field?.actions, ['tap', 'longPress', 'setValue']);
    assert.equal(field?.states.editable, true);
    const clear = all(gmail.root).find((n) => n.id === 'open_search_view_clear_button');
    assert.equal(clear?.role, 'Button', 'an ImageButton is a Button');
    assert.equal(clear?.label, 'Clear text', 'content-desc labels an icon');

    const clock = importScreen(loadFixture('android/appium_clock_alarm_bottomnav.xml').text);
    const switches = all(clock.root).filter((n) => n.role === 'Switch');
    assert.ok(switches.length >= 2);
    assert.ok(switches.every((n) => typeof n.states.checked === 'boolean'), 'a checkable node says whether it is checked');
    assert.ok(all(clock.root).filter((n) => n.role === 'Text').every((n) => n.states.checked === undefined));
  });

  it('keeps the short class name of an unknown class and maps custom subclasses through Rico ancestors', () => {
    const twitter = importScreen(loadFixture('android/appium_twitter_home_feed.xml').text);
    const roles = new Set(all(twitter.root).map((n) => n.role));
    assert.ok(roles.has('ViewPager'), 'ViewPager keeps its own name');
    const flv = importScreen(loadFixture('rico/flvplayer_tabs_recyclerview.json').text);
    const list = all(flv.root).find((n) => n.id === 'recyclerView');
    assert.equal(list?.className, 'br.com.bitlabs.recyclerview.EmptyRecyclerView');
    assert.equal(list?.role, 'List');
  });

  it('reads the plain uiautomator dump (<node class=...>) like the Appium page source', () => {
    for (const name of ['android/appium_settings_top.xml', 'android/appium_gmail_inbox.xml']) {
      const appium = importScreen(loadFixture(name).text);
      const dump = asUiautomatorDump(loadFixture(name).text);
      assert.ok(dump.includes('<node ') && !dump.includes('<android.'));
      assert.equal(detectFormat(dump), 'android-xml');
      const plain = importScreen(dump);
      const strip = (n: UiNode): unknown => [n.role, n.label, n.value, n.id, n.frame, n.actions, n.children.map(strip)];
      assert.deepEqual(strip(plain.root), strip(appium.root), name);
      assert.equal(plain.scale, appium.scale);
    }
  });

  it('gives each Android window its own WindowInfo, the frontmost app first', () => {
    const node = (pkg: string, cls: string, bounds: string, inner = '', extra = ''): string =>
      `<node index="0" resource-id="" class="${cls}" package="${pkg}" checkable="false" checked="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="${bounds}"${extra || ' text="" clickable="false"'}>${inner}</node>`;
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">',
      node('com.android.systemui', 'android.widget.FrameLayout', '[0,0][1080,63]', node('com.android.systemui', 'android.widget.TextView', '[40,0][140,63]', '', ' text="12:30" clickable="false"')),
      node('com.google.android.inputmethod.latin', 'android.widget.FrameLayout', '[0,1400][1080,2148]', node('com.google.android.inputmethod.latin', 'android.widget.Button', '[0,1500][108,1600]', '', ' text="q" clickable="true"')),
      node('com.example.app', 'android.widget.FrameLayout', '[0,0][1080,2148]', node('com.example.app', 'android.widget.EditText', '[0,300][1080,400]', '', ' text="hello" clickable="true"')),
      node('com.android.launcher3', 'android.widget.FrameLayout', '[0,0][1080,2148]'),
      node('com.android.systemui', 'android.widget.FrameLayout', '[0,2148][1080,2274]', node('com.android.systemui', 'android.widget.ImageView', '[200,2148][300,2274]', '', ' text="" content-desc="Back" clickable="true"')),
      '</hierarchy>',
    ].join('');
    const s = importScreen(text);
    assert.equal(s.app, 'com.example.app');
    assert.deepEqual(
      s.windows.map((w) => [w.id, w.kind]),
      [
        ['com.android.systemui', 'system'],
        ['com.google.android.inputmethod.latin', 'keyboard'],
        ['com.example.app', 'app'],
        ['com.android.launcher3', 'app'],
        ['com.android.systemui#2', 'system'],
      ],
    );
    const layers = s.windows.map((w) => w.layer);
    assert.deepEqual(layers, [...layers].sort((a, b) => b - a), 'the first window is the frontmost');
    assert.equal(s.scale, 2.625);
    assert.equal(Math.round(s.size.h), Math.round(2274 / 2.625));
    const field = all(s.root).find((n) => n.role === 'TextField');
    assert.equal(field?.window, 'com.example.app');
    assert.equal(field?.value, 'hello');
    assert.equal(byLabel(s.root, 'Back')[0]?.window, 'com.android.systemui#2');
  });

  it('reads iOS XCUITest page source in points with XCUIElementType roles', () => {
    const s = importScreen(loadFixture('ios/appium_ios_settings_top.xml').text);
    assert.equal(s.platform, 'ios');
    assert.equal(s.app, 'Settings');
    assert.equal(s.scale, 3);
    assert.deepEqual(s.size, { w: 390, h: 844 });
    const general = byLabel(s.root, 'General').find((n) => n.role === 'Cell');
    assert.ok(general, 'a Cell labelled General');
    assert.deepEqual(general.actions, ['tap']);
    assert.ok(all(s.root).some((n) => n.role === 'Table' && n.actions.includes('scroll')));
    assert.ok(all(s.root).some((n) => n.role === 'NavigationBar'));
    assert.ok(all(s.root).some((n) => n.role === 'Text' && n.label === 'Settings' && n.value === undefined), 'a text says its label once');

    const keyboards = importScreen(loadFixture('ios/appium_ios_settings_keyboards.xml').text);
    const sw = all(keyboards.root).filter((n) => n.role === 'Switch');
    assert.ok(sw.length > 5 && sw.every((n) => typeof n.states.checked === 'boolean' && n.value === undefined));

    const form = importScreen(loadFixture('ios/appium_ios_app_form_scrollview.xml').text);
    assert.deepEqual(form.windows.map((w) => w.kind), ['app', 'app', 'system']);
    const secure = all(form.root).filter((n) => n.role === 'SecureTextField');
    assert.equal(secure.length, 2);
    assert.ok(secure.every((n) => n.states.password && n.actions.includes('setValue')));
    assert.ok(all(form.root).some((n) => n.visible === false), 'declared invisibility is kept for cleaning');

    const calendar = importScreen(loadFixture('ios/appium_ios_calendar_ja.xml').text);
    assert.equal(all(calendar.root).find((n) => n.id === 'scroll-view2')?.role, 'ScrollView');
  });

  it('reads nested idb/AXe JSON, and the same elements given flat', () => {
    const text = loadFixture('ios/idb_nested_line_account_settings.json').text;
    const nested = importScreen(text);
    assert.equal(nested.platform, 'ios');
    assert.equal(nested.app, 'LINE Dev');
    assert.deepEqual(nested.size, { w: 402, h: 874 });
    const back = byLabel(nested.root, '戻る')[0];
    assert.equal(back?.role, 'Button');
    assert.deepEqual(back?.frame, { x: 8, y: 85, w: 60, h: 30 });
    assert.equal(all(nested.root).find((n) => n.id === 'アカウント')?.role, 'Group');
    assert.equal(byLabel(nested.root, 'アカウント').find((n) => n.role === 'Heading')?.role, 'Heading');

    // idb's default output: every element, no children, AXFrame strings only.
    const flatten = (el: Record<string, unknown>): Array<Record<string, unknown>> => {
      const { children, frame: _frame, ...rest } = el;
      return [rest, ...((children as Array<Record<string, unknown>>) ?? []).flatMap(flatten)];
    };
    const flat = (JSON.parse(text) as Array<Record<string, unknown>>).flatMap(flatten);
    const flatText = JSON.stringify(flat, null, 2);
    assert.equal(detectFormat(flatText), 'idb-json');
    const fromFlat = importScreen(flatText);
    assert.equal(fromFlat.root.role, 'Application');
    const key = (n: UiNode): string => JSON.stringify([n.role, n.label, n.value, n.id, n.frame]);
    assert.deepEqual(all(fromFlat.root).map(key).sort(), all(nested.root).map(key).sort());
    assert.ok(fromFlat.root.children.every((c) => c.children.length === 0), 'no containment is invented');
  });

  it('reads Rico hierarchies: visibility, content-desc arrays, the app from activity_name', () => {
    const s = importScreen(loadFixture('rico/mvideoplayer_media_browser_listview.json').text);
    assert.equal(s.app, 'afzkl.development.mVideoPlayer');
    assert.equal(s.appState?.activity, 'afzkl.development.mVideoPlayer.activities.MediaBrowserActivity');
    assert.ok(all(s.root).some((n) => n.visible === false), 'views the user cannot see are marked');
    assert.ok(byLabel(s.root, 'emulated').length > 0);
    const msg = importScreen(loadFixture('rico/messaging_new_conversation_contacts.json').text);
    const hiddenLists = all(msg.root).filter((n) => n.role === 'List');
    assert.ok(hiddenLists.length > 0 && hiddenLists.every((n) => n.visible === false), 'gone lists are not visible');
  });
});

describe('detectFormat', { skip: withoutFixtures() }, () => {
  it('recognises every fixture and honours an explicit format', () => {
    for (const f of loadFixtures()) {
      const want = expectedFormat(f.name);
      assert.equal(detectFormat(f.text), want, f.name);
      assert.ok(all(importScreen(f.text, { format: want }).root).length > 10, f.name);
      const wrong = want === 'ios-xml' ? 'android-xml' : want === 'android-xml' ? 'ios-xml' : want === 'rico' ? 'idb-json' : 'rico';
      const err = invalidArgs(() => importScreen(f.text, { format: wrong }));
      assert.equal(err.options.details?.format, wrong, f.name);
    }
  });

  it('recognises a saved web capture (cdp-ax) and reports where a broken one breaks', () => {
    const capture = JSON.stringify(
      {
        format: 'cdp-ax',
        viewport: { w: 390, h: 844 },
        scale: 3,
        nodes: [
          { nodeId: '1', role: { type: 'role', value: 'RootWebArea' }, name: { type: 'computedString', value: 'Demo' }, childIds: ['2'], backendDOMNodeId: 1 },
          { nodeId: '2', parentId: '1', role: { type: 'role', value: 'button' }, name: { type: 'computedString', value: 'OK' }, backendDOMNodeId: 2 },
        ],
        boxes: { '1': { frame: [0, 0, 390, 844] }, '2': { frame: [10, 10, 100, 40], clickable: true } },
      },
      null,
      2,
    );
    assert.equal(detectFormat(capture), 'cdp-ax');
    const s = importScreen(capture);
    assert.equal(s.platform, 'web');
    assert.ok(byLabel(s.root, 'OK').some((n) => n.role === 'Button'));
    const err = invalidArgs(() => importScreen(capture.slice(0, 200)));
    assert.equal(err.options.details?.format, 'cdp-ax');
    assert.ok(typeof err.options.details?.line === 'number' && err.options.details.line > 1);
  });

  it('lists the known formats when the format is unknown or cannot be told', () => {
    assert.deepEqual([...TREE_FORMATS], ['android-xml', 'rico', 'ios-xml', 'idb-json', 'cdp-ax', 'maestro-json', 'wda-json']);
    for (const text of ['', 'hello', '<html><body/></html>', '{"a": 1}', '[]']) {
      const err = invalidArgs(() => importScreen(text));
      for (const f of TREE_FORMATS) assert.ok(err.message.includes(f), `${JSON.stringify(text)}: ${err.message}`);
    }
    const err = invalidArgs(() => importScreen('<hierarchy/>', { format: 'xml' as TreeFormat }));
    assert.match(err.message, /unknown tree format "xml"/);
    assert.deepEqual(err.options.details?.formats, [...TREE_FORMATS]);
  });
});

describe('malformed input', { skip: withoutFixtures() }, () => {
  it('a truncated fixture is INVALID_ARGS naming the line and column where it broke, never another error', () => {
    for (const f of loadFixtures()) {
      const format = expectedFormat(f.name);
      for (const frac of [0.05, 0.2, 0.37, 0.5, 0.73, 0.9, 0.99]) {
        const cut = Math.max(60, Math.floor(f.text.length * frac));
        const text = f.text.slice(0, cut);
        const err = invalidArgs(() => importScreen(text));
        const d = err.options.details ?? {};
        assert.equal(d.format, format, `${f.name} cut at ${cut}`);
        assert.ok(typeof d.line === 'number' && d.line >= 1, `${f.name} cut at ${cut}: ${err.message}`);
        assert.ok(typeof d.column === 'number' && d.column >= 1);
        assert.ok(typeof d.offset === 'number' && d.offset <= text.length);
        assert.match(err.message, new RegExp(`line ${String(d.line)}, column ${String(d.column)}`));
      }
    }
  });

  it('names the place of a broken tag, a broken JSON value and a bad attribute', () => {
    const xml = '<hierarchy rotation="0">\n  <node class="a" bounds="[0,0][10,10]">\n  </nod>\n</hierarchy>';
    const e1 = invalidArgs(() => importScreen(xml));
    assert.equal(e1.options.details?.line, 3);
    const json = '[\n  {"AXFrame": "{{0, 0}, {10, 10}}",\n   "AXLabel": oops}\n]';
    const e2 = invalidArgs(() => importScreen(json));
    assert.equal(e2.options.details?.line, 3);
    const bounds = '<hierarchy rotation="0">\n<node class="a" bounds="[0,0][10,10]">\n<node class="b" bounds="[0,0]"/>\n</node>\n</hierarchy>';
    const e3 = invalidArgs(() => importScreen(bounds));
    assert.equal(e3.options.details?.line, 3);
    assert.match(e3.message, /bounds/);
  });

  it('a tree without a root element is INVALID_ARGS, not an empty screen', () => {
    invalidArgs(() => importScreen('<hierarchy rotation="0"></hierarchy>'));
    invalidArgs(() => importScreen('<AppiumAUT></AppiumAUT>', { format: 'ios-xml' }));
    invalidArgs(() => importScreen('[]', { format: 'idb-json' }));
    invalidArgs(() => importScreen('{"activity_name": "a/b"}'));
    invalidArgs(() => importScreen('{"activity_name": "a/b", "activity": {"root": {"class": "x"}}}'));
  });
});

describe('Android screen size', () => {
  it('is at least what the windows span, when Appium\'s width and height leave out the status bar', () => {
    // Shaped like Spoon's page source: height="2420" while the app window's bounds run to 2514 px.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2420">
  <android.widget.FrameLayout index="0" package="co.example" class="android.widget.FrameLayout" text="" displayed="true" bounds="[0,94][1080,2514]">
    <android.widget.TextView index="0" package="co.example" class="android.widget.TextView" text="Feed" displayed="true" bounds="[40,200][400,260]" />
    <android.widget.TextView index="1" package="co.example" class="android.widget.TextView" text="MY" displayed="true" bounds="[900,2454][960,2496]" />
  </android.widget.FrameLayout>
</hierarchy>`;
    const s = importScreen(xml);
    assert.equal(Math.round(s.size.h * s.scale), 2514);
    assert.equal(byLabel(parseScreen(xml).root, 'MY').length, 1, 'the bottom tab label stays on the screen');
  });
});

describe('iOS home screen', () => {
  it('declares an Icon (an app on the home screen) tapped and held, and the page of icons reads as a grid', () => {
    const icon = (name: string, i: number) =>
      `<XCUIElementTypeIcon type="XCUIElementTypeIcon" name="${name}" label="${name}" enabled="true" visible="true" x="${27 + (i % 4) * 90}" y="${88 + Math.floor(i / 4) * 98}" width="64" height="86"/>`;
    const names = ['Watch', 'Contacts', 'Files', 'Shortcuts', 'Maps', 'Notes', 'Clock', 'Photos'];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<AppiumAUT>
  <XCUIElementTypeApplication type="XCUIElementTypeApplication" name=" " label=" " enabled="true" visible="true" x="0" y="0" width="393" height="852">
    <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
      <XCUIElementTypeOther type="XCUIElementTypeOther" name="Home screen icons" enabled="true" visible="true" x="0" y="0" width="393" height="852">
        ${names.map(icon).join('\n        ')}
        <XCUIElementTypeButton type="XCUIElementTypeButton" name="Search" label="Search" enabled="true" visible="true" x="157" y="694" width="78" height="30"/>
      </XCUIElementTypeOther>
    </XCUIElementTypeWindow>
  </XCUIElementTypeApplication>
</AppiumAUT>`;
    const s = parseScreen(xml);
    const watch = byLabel(s.root, 'Watch')[0];
    assert.deepEqual(watch?.actions, ['tap', 'longPress']);
    const [main] = detectLists(s);
    assert.deepEqual(main?.cells.map((c) => c.label), names);
  });
});
