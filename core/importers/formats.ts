/** The raw tree formats the importers read. */
export const TREE_FORMATS = ['android-xml', 'rico', 'ios-xml', 'idb-json', 'cdp-ax', 'maestro-json', 'wda-json'] as const;
export type TreeFormat = (typeof TREE_FORMATS)[number];

export function isTreeFormat(value: unknown): value is TreeFormat {
  return typeof value === 'string' && (TREE_FORMATS as readonly string[]).includes(value);
}

/** How a caller identifies each format, for error messages and help texts. */
export const TREE_FORMAT_DESCRIPTIONS: Record<TreeFormat, string> = {
  'android-xml': 'Android `uiautomator dump` XML or Appium UiAutomator2 page source',
  rico: 'Rico view hierarchy JSON (1440x2560 canvas)',
  'ios-xml': 'iOS XCUITest / WebDriverAgent / Appium page source XML',
  'idb-json': '`idb ui describe-all` or AXe `describe-ui` JSON (flat or nested)',
  'cdp-ax': "Chromium's CDP accessibility tree (Accessibility.getFullAXTree) JSON",
  'maestro-json': '`maestro hierarchy` JSON (attributes + children, bounds "[x1,y1][x2,y2]"; Android and iOS), or a flow\'s debug commands-*.json (the screen of its last failed command)',
  'wda-json': 'WebDriverAgent JSON page source (`/source?format=json`, bare or in its {"value": ...} envelope)',
};
