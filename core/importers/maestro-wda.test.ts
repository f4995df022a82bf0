import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgs } from '../../test/support/invalid-args.js';
import type { UiNode } from '../model/ui-node.js';
import { parseScreen } from '../import-and-clean.js';
import { detectLists } from '../lists/index.js';
import { detectFormat, importScreen } from './index.js';

const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];

/** A Maestro TreeNode as `maestro hierarchy` prints it: string flags in attributes, booleans beside them. */
function maestroNode(attrs: Record<string, string>, children: unknown[] = []): Record<string, unknown> {
  const base = { text: '', 'resource-id': '', accessibilityText: '', hintText: '', ignoreBoundsFiltering: 'false', enabled: 'true', focused: 'false', checked: 'false', selected: 'false', clickable: 'false' };
  const a = { ...base, ...attrs };
  return { attributes: a, children, clickable: a.clickable === 'true', enabled: a.enabled === 'true', focused: false, checked: a.checked === 'true', selected: false };
}

const maestroAndroid = JSON.stringify(
  {
    attributes: {},
    children: [
      maestroNode({ class: 'android.widget.FrameLayout', package: 'com.example.mail', bounds: '[0,0][1080,2400]' }, [
        maestroNode({ class: 'android.widget.TextView', text: 'Inbox', 'resource-id': 'com.example.mail:id/title', bounds: '[42,100][400,180]' }),
        maestroNode({ class: 'android.widget.EditText', hintText: 'Search mail', text: 'invoices', 'resource-id': 'com.example.mail:id/search', bounds: '[42,200][1038,300]', clickable: 'true' }),
        maestroNode({ class: 'androidx.recyclerview.widget.RecyclerView', 'resource-id': 'com.example.mail:id/threads', bounds: '[0,320][1080,2400]', scrollable: 'true' }, [
          maestroNode({ class: 'android.view.ViewGroup', bounds: '[0,320][1080,520]', clickable: 'true' }, [maestroNode({ class: 'android.widget.TextView', text: 'Ada', bounds: '[42,340][600,400]' })]),
          maestroNode({ class: 'android.view.ViewGroup', bounds: '[0,520][1080,720]', clickable: 'true' }, [maestroNode({ class: 'android.widget.TextView', text: 'Grace', bounds: '[42,540][600,600]' })]),
          maestroNode({ class: 'android.view.ViewGroup', bounds: '[0,720][1080,920]', clickable: 'true' }, [maestroNode({ class: 'android.widget.TextView', text: 'Linus', bounds: '[42,740][600,800]' })]),
        ]),
        maestroNode({ class: 'android.widget.CheckBox', accessibilityText: 'Select all', checkable: 'true', checked: 'true', bounds: '[900,100][1038,180]', clickable: 'true' }),
      ]),
    ],
  },
  null,
  2,
);

// Maestro's iOS root is an empty element with bounds [0,0][0,0]; content scrolled below the screen reaches past it.
const maestroIos = JSON.stringify(
  maestroNode({ bounds: '[0,0][0,0]', enabled: 'false' }, [maestroNode({ accessibilityText: 'Contacts', bounds: '[0,0][402,874]' }, [
    maestroNode({ accessibilityText: 'Contacts', bounds: '[16,100][200,140]' }),
    maestroNode({ hintText: 'Search', 'resource-id': 'search-field', bounds: '[16,150][386,186]' }),
    maestroNode({ accessibilityText: 'Ada Lovelace', bounds: '[0,200][402,244]', clickable: 'true' }),
    maestroNode({ accessibilityText: 'Wi-Fi', value: 'On', title: 'Wi-Fi', bounds: '[0,244][402,288]' }),
    maestroNode({ accessibilityText: 'Below the fold', bounds: '[0,900][402,944]' }),
  ])]),
  null,
  2,
);

/** WebDriverAgent's `/source?format=json` answer: the tree inside its `{"value": ...}` envelope. */
function wdaElement(type: string, rect: [number, number, number, number], extra: Record<string, unknown> = {}, children: unknown[] = []): Record<string, unknown> {
  const [x, y, width, height] = rect;
  return { type, rawIdentifier: null, name: null, label: null, value: null, isEnabled: true, isVisible: true, frame: `{{${x}, ${y}}, {${width}, ${height}}}`, rect: { x, y, width, height }, ...extra, children };
}

const wda = JSON.stringify(
  {
    value: wdaElement('XCUIElementTypeApplication', [0, 0, 390, 844], { name: 'Settings', label: 'Settings' }, [
      wdaElement('XCUIElementTypeWindow', [0, 0, 390, 844], {}, [
        wdaElement('XCUIElementTypeNavigationBar', [0, 47, 390, 96], { name: 'Settings' }, [wdaElement('XCUIElementTypeStaticText', [16, 96, 200, 41], { name: 'Settings', label: 'Settings', value: 'Settings' })]),
        wdaElement('XCUIElementTypeTable', [0, 0, 390, 844], {}, [
          wdaElement('XCUIElementTypeCell', [0, 150, 390, 44], { name: 'General', label: 'General' }),
          wdaElement('XCUIElementTypeCell', [0, 194, 390, 44], { name: 'com.apple.settings.wifi', rawIdentifier: 'com.apple.settings.wifi', label: 'Wi-Fi', value: 'Home' }),
          wdaElement('XCUIElementTypeCell', [0, 238, 390, 44], { name: 'Hidden', label: 'Hidden', isVisible: false }),
          wdaElement('XCUIElementTypeSwitch', [320, 290, 51, 31], { name: 'Airplane Mode', label: 'Airplane Mode', value: '0' }),
        ]),
      ]),
      wdaElement('XCUIElementTypeWindow', [0, 0, 390, 844], {}, [wdaElement('XCUIElementTypeStatusBar', [0, 0, 390, 47])]),
    ]),
    sessionId: 'A1B2',
  },
  null,
  2,
);

describe('Maestro hierarchy JSON', () => {
  it('is detected and read in its Android flavour: pixels to points, classes to roles, flags from strings', () => {
    assert.equal(detectFormat(maestroAndroid), 'maestro-json');
    const s = importScreen(maestroAndroid);
    assert.equal(s.platform, 'android');
    assert.equal(s.app, 'com.example.mail');
    assert.equal(s.scale, 2.625);
    assert.equal(Math.round(s.size.w), 411);
    const nodes = all(s.root);
    const field = nodes.find((n) => n.id === 'search');
    assert.equal(field?.role, 'TextField');
    assert.equal(field?.label, 'Search mail', 'a field is named by its hint');
    assert.equal(field?.value, 'invoices');
    assert.equal(nodes.find((n) => n.id === 'threads')?.role, 'List');
    assert.ok(nodes.find((n) => n.id === 'threads')?.actions.includes('scroll'));
    const box = nodes.find((n) => n.label === 'Select all');
    assert.equal(box?.role, 'CheckBox');
    assert.equal(box?.states.checked, true);
    assert.equal(nodes.find((n) => n.label === 'Inbox')?.states.checked, undefined, 'a text that cannot be checked says nothing about it');
  });

  it('reads the iOS flavour in points, naming no element type that Maestro does not give', () => {
    assert.equal(detectFormat(maestroIos), 'maestro-json');
    const s = importScreen(maestroIos);
    assert.equal(s.platform, 'ios');
    assert.deepEqual(s.size, { w: 402, h: 874 }, 'the screen is the application element, not the content below it');
    assert.equal(s.app, 'Contacts');
    const nodes = all(s.root);
    const search = nodes.find((n) => n.id === 'search-field');
    assert.equal(search?.role, 'TextField');
    assert.equal(search?.label, 'Search');
    const ada = nodes.find((n) => n.label === 'Ada Lovelace');
    assert.equal(ada?.role, 'Other');
    assert.deepEqual(ada?.actions, ['tap']);
    assert.equal(nodes.find((n) => n.label === 'Wi-Fi')?.value, 'On');
  });

  it('gives an outline, and broken input is INVALID_ARGS with its position', () => {
    const s = parseScreen(maestroAndroid);
    assert.ok(all(s.root).some((n) => n.label === 'Grace'));
    const cut = invalidArgs(() => importScreen(maestroAndroid.slice(0, 400)));
    assert.equal(cut.options.details?.format, 'maestro-json');
    assert.ok(typeof cut.options.details?.line === 'number' && cut.options.details.line > 1);
    const bad = maestroAndroid.replace('"[42,540][600,600]"', '"[42,540]"');
    const err = invalidArgs(() => importScreen(bad));
    assert.match(err.message, /bounds/);
    assert.equal(err.options.details?.line, bad.slice(0, bad.indexOf('"[42,540]"')).split('\n').length);
    invalidArgs(() => importScreen('{"attributes": {}, "children": []}', { format: 'maestro-json' }));
  });

  it('reads a hierarchy saved from the CLI with its "Running on" line, and places errors in the file as saved', () => {
    const saved = `Running on emulator-5554\n${maestroAndroid}`;
    assert.ok(all(importScreen(saved).root).some((n) => n.label === 'Grace'));
    const bad = saved.replace('"[42,540][600,600]"', '"[42,540]"');
    const err = invalidArgs(() => importScreen(bad));
    assert.equal(err.options.details?.line, bad.slice(0, bad.indexOf('"[42,540]"')).split('\n').length);
  });

  it('reads an iOS hierarchy saved with the CLI lines before its opening brace ("Running on", "None: ")', () => {
    const saved = `Running on iPhone 15 Pro - iOS 17.2 - 06A2DF8B\nNone: \n${maestroIos}`;
    assert.equal(importScreen(saved).app, 'Contacts');
    const bad = saved.replace('"[0,200][402,244]"', '"[0,200]"');
    const err = invalidArgs(() => importScreen(bad));
    assert.equal(err.options.details?.line, bad.slice(0, bad.indexOf('"[0,200]"')).split('\n').length);
  });
});

/** A flow's debug output (commands-*.json): each command with its status; a failed one keeps the screen it failed on. */
function maestroCommand(name: string, failedOn?: unknown): Record<string, unknown> {
  const metadata: Record<string, unknown> = { status: failedOn ? 'FAILED' : 'COMPLETED', timestamp: 1764338769126, duration: 120 };
  if (failedOn) metadata.error = { message: `Element not found: ${name}`, hierarchyRoot: failedOn };
  return { command: { tapOnElement: { selector: { textRegex: name, optional: false } } }, metadata };
}

const iosScreen = (app: string, row: string) =>
  maestroNode({ bounds: '[0,0][0,0]', enabled: 'false' }, [maestroNode({ accessibilityText: app, bounds: '[0,0][393,852]' }, [maestroNode({ accessibilityText: row, bounds: '[0,120][393,164]' })])]);

const maestroCommands = JSON.stringify(
  [maestroCommand('Wallet'), maestroCommand('Maybe later', iosScreen('Shop', 'Optional prompt')), maestroCommand('Basket'), maestroCommand('Pay now', iosScreen('Shop', 'Order summary'))],
  null,
  2,
);

describe("Maestro's debug output of a flow (commands-*.json)", () => {
  it('is detected and gives the screen of the last failed command, where the flow stopped', () => {
    assert.equal(detectFormat(maestroCommands), 'maestro-json');
    const s = importScreen(maestroCommands);
    assert.equal(s.platform, 'ios');
    assert.equal(s.app, 'Shop');
    const labels = all(s.root).map((n) => n.label);
    assert.ok(labels.includes('Order summary'));
    assert.ok(!labels.includes('Optional prompt'), 'an optional command that failed earlier is not the screen');
  });

  it('without a failed command, truncated, or with a broken screen, is INVALID_ARGS with its position', () => {
    const passed = JSON.stringify([maestroCommand('Wallet'), maestroCommand('Basket')], null, 2);
    assert.equal(detectFormat(passed), 'maestro-json');
    assert.match(invalidArgs(() => importScreen(passed)).message, /none did/);
    const cut = invalidArgs(() => importScreen(maestroCommands.slice(0, 700)));
    assert.equal(cut.options.details?.format, 'maestro-json');
    assert.ok(typeof cut.options.details?.line === 'number' && cut.options.details.line > 1);
    const notATree = JSON.stringify([maestroCommand('Wallet', 'no screen')], null, 2);
    const err = invalidArgs(() => importScreen(notATree));
    assert.equal(err.options.details?.line, notATree.slice(0, notATree.indexOf('"hierarchyRoot"')).split('\n').length);
  });
});

describe('Maestro hierarchy JSON: the windows of an Android screen', () => {
  // As Maestro dumps a Samsung phone: an edge-panel handle of the launcher, the app (a Compose
  // screen whose package no node names), then the status bar.
  const windows = JSON.stringify({
    attributes: {},
    children: [
      maestroNode({}, [
        maestroNode({ class: 'android.widget.FrameLayout', 'resource-id': 'com.sec.android.app.launcher:id/trigger_container', accessibilityText: 'Edge panels', bounds: '[1013,436][1080,778]', clickable: 'true' }),
        maestroNode({ class: 'android.widget.FrameLayout', 'resource-id': 'android:id/content', bounds: '[0,0][1080,2340]' }, [
          maestroNode({ class: 'android.view.View', accessibilityText: 'List is empty', bounds: '[437,1555][643,1603]' }),
          maestroNode({ class: 'android.widget.EditText', hintText: 'Write your message', bounds: '[79,2163][900,2216]', clickable: 'true' }),
        ]),
        maestroNode({ class: 'android.widget.FrameLayout', bounds: '[0,0][1080,92]' }, [maestroNode({ class: 'android.widget.TextView', text: '11:35', 'resource-id': 'com.android.systemui:id/clock', bounds: '[61,26][157,92]' })]),
      ]),
    ],
  });

  it('reads each outermost node as a window named by the package of its resource ids', () => {
    const s = importScreen(windows);
    assert.deepEqual(
      s.windows.map((w) => [w.id, w.kind]),
      [['com.sec.android.app.launcher', 'app'], ['window', 'app'], ['com.android.systemui', 'system']],
    );
    assert.equal(s.app, undefined, 'the covering app window names no package, and the edge panel is not the app');
  });

  it('keeps the app under a small window of another app, which becomes an overlay, and the status bar as a bar', () => {
    const s = parseScreen(windows);
    assert.deepEqual(
      s.windows.map((w) => [w.id, w.kind]),
      [['com.sec.android.app.launcher', 'overlay'], ['window', 'app'], ['com.android.systemui', 'system']],
    );
    const labels = all(s.root).map((n) => n.label);
    assert.ok(labels.includes('List is empty') && labels.includes('Write your message') && labels.includes('11:35'));
  });
});

describe('WebDriverAgent JSON source', () => {
  it('is detected and read like the XML source: windows, identifiers, toggles, declared invisibility', () => {
    assert.equal(detectFormat(wda), 'wda-json');
    const s = importScreen(wda);
    assert.equal(s.platform, 'ios');
    assert.equal(s.app, 'Settings');
    assert.deepEqual(s.size, { w: 390, h: 844 });
    assert.deepEqual(s.windows.map((w) => w.kind), ['app', 'system']);
    const nodes = all(s.root);
    const wifi = nodes.find((n) => n.label === 'Wi-Fi');
    assert.equal(wifi?.role, 'Cell');
    assert.equal(wifi?.id, 'com.apple.settings.wifi');
    assert.equal(wifi?.value, 'Home');
    assert.deepEqual(wifi?.actions, ['tap']);
    const sw = nodes.find((n) => n.role === 'Switch');
    assert.equal(sw?.states.checked, false);
    assert.equal(sw?.value, undefined);
    assert.equal(nodes.find((n) => n.label === 'Hidden')?.visible, false);
    assert.equal(nodes.find((n) => n.role === 'Text')?.value, undefined, 'a static text says its label once');
    const bare = JSON.stringify((JSON.parse(wda) as { value: unknown }).value);
    assert.equal(detectFormat(bare), 'wda-json');
    assert.equal(all(importScreen(bare).root).length, nodes.length);
  });

  it('broken input is INVALID_ARGS with its position', () => {
    const cut = invalidArgs(() => importScreen(wda.slice(0, 900)));
    assert.equal(cut.options.details?.format, 'wda-json');
    const noRect = wda.replace(/"frame": "\{\{16, 96\}, \{200, 41\}\}",\s*"rect": \{[^}]*\}/, '"frame": "nowhere"');
    assert.notEqual(noRect, wda);
    const err = invalidArgs(() => importScreen(noRect));
    assert.match(err.message, /rect/);
    invalidArgs(() => importScreen('{"value": {"label": "x"}}', { format: 'wda-json' }));
  });
});

describe('Maestro hierarchy JSON: iOS scroll views', () => {
  it('takes a view with a scroll bar of two pages or more for a scroll view: a carousel of cards reads as a list, a view that fits does not scroll', () => {
    const card = (name: string, x: number) =>
      maestroNode({ accessibilityText: name, bounds: `[${x},300][${x + 160},480]` }, [
        maestroNode({ accessibilityText: name, bounds: `[${x + 8},440][${x + 150},460]` }),
        maestroNode({ accessibilityText: `${name} price`, bounds: `[${x + 8},460][${x + 100},476]` }),
      ]);
    const shelf = (bar: string) =>
      JSON.stringify(
        maestroNode({ bounds: '[0,0][0,0]' }, [maestroNode({ accessibilityText: 'Shop', bounds: '[0,0][393,852]' }, [
          maestroNode({ accessibilityText: 'Top picks', bounds: '[16,260][200,284]' }),
          maestroNode({ bounds: '[0,300][393,480]' }, [card('Lamp', 16), card('Chair', 186), card('Table', 356), maestroNode({ accessibilityText: bar, value: '0%', bounds: '[0,474][393,480]' })]),
          maestroNode({ accessibilityText: 'Footer', bounds: '[16,700][377,740]' }),
        ])]),
      );
    const scrolled = parseScreen(shelf('Horizontal scroll bar, 3 pages'));
    const holder = all(scrolled.root).find((n) => n.children.some((c) => c.label === 'Lamp'));
    assert.equal(holder?.states.scrollable, true);
    assert.deepEqual(detectLists(scrolled)[0]?.cells.map((c) => c.label), ['Lamp', 'Chair', 'Table']);
    const fits = parseScreen(shelf('Horizontal scroll bar, 1 page'));
    assert.ok(all(fits.root).every((n) => n.states.scrollable !== true && !n.actions.includes('scroll')));
  });
});
