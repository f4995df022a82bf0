import type { Rect } from '../../model/geometry.js';
import type { Screen } from '../../model/screen.js';
import type { UiNode } from '../../model/ui-node.js';

type NodeSpec = Partial<Omit<UiNode, 'frame' | 'children'>> & { frame: [number, number, number, number]; children?: UiNode[] };

/** A cleaned node from a terse spec: role defaults to Group, no states, no actions, source ax. */
export function node(spec: NodeSpec): UiNode {
  const [x, y, w, h] = spec.frame;
  const frame: Rect = { x, y, w, h };
  const { children = [], ...rest } = spec;
  return { role: 'Group', states: {}, actions: [], source: 'ax', ...rest, frame, children };
}

function row(y: number, title: string, extra: UiNode[] = []): UiNode {
  return node({
    role: 'Cell',
    id: 'row',
    actions: ['tap'],
    frame: [0, y, 390, 44],
    children: [node({ role: 'Text', label: title, id: 'title', frame: [16, y + 12, 200, 20] }), ...extra],
  });
}

/** A small settings screen: nav bar, a table of rows (one with a switch), a tab bar. */
export function settingsScreen(opts: { wifiOn?: boolean; titles?: string[]; stillMs?: number } = {}): { screen: Screen; rows: UiNode[]; table: UiNode } {
  const titles = opts.titles ?? ['Wi-Fi', 'Bluetooth', 'Cellular', 'Battery'];
  const rows = titles.map((t, i) =>
    row(
      100 + i * 44,
      t,
      i === 0 ? [node({ role: 'Switch', label: t, id: 'wifi_switch', actions: ['tap'], states: { checked: opts.wifiOn ?? true }, frame: [320, 106, 51, 31] })] : [],
    ),
  );
  const table = node({ role: 'Table', states: { scrollable: true }, actions: ['scroll'], frame: [0, 88, 390, 700], children: rows });
  const nav = node({
    role: 'NavigationBar',
    frame: [0, 44, 390, 44],
    children: [
      node({ role: 'Button', label: 'Back', frame: [0, 44, 80, 44], actions: ['tap'] }),
      node({ role: 'Heading', label: 'Settings', frame: [150, 52, 90, 24] }),
    ],
  });
  const tabs = node({
    role: 'TabBar',
    frame: [0, 788, 390, 56],
    children: [
      node({ role: 'Button', label: 'Home', frame: [0, 788, 195, 56], actions: ['tap'], states: { selected: true } }),
      node({ role: 'Button', label: 'Profile', frame: [195, 788, 195, 56], actions: ['tap'] }),
    ],
  });
  const root = node({ role: 'Application', label: 'Settings', frame: [0, 0, 390, 844], children: [nav, table, tabs] });
  const screen: Screen = {
    platform: 'ios',
    app: 'com.apple.Preferences',
    size: { w: 390, h: 844 },
    scale: 3,
    orientation: 'portrait',
    windows: [{ id: 'w0', kind: 'app', layer: 0 }],
    root,
    still: { still: true, ms: opts.stillMs ?? 400 },
  };
  return { screen, rows, table };
}
