import type { Role, UiAction } from '../model/ui-node.js';

/**
 * XCUIElementType names (without the prefix) and AX types (idb / AXe `type`, or `role`
 * without `AX`) and the role each declares; a type not listed keeps its own name.
 */
const ROLE_OF_TYPE: Record<string, Role> = {
  Application: 'Application',
  Window: 'Window',
  Button: 'Button',
  StaticText: 'Text',
  Heading: 'Heading',
  TextField: 'TextField',
  SecureTextField: 'SecureTextField',
  SearchField: 'SearchField',
  TextView: 'TextArea',
  TextArea: 'TextArea',
  Switch: 'Switch',
  Toggle: 'Switch',
  CheckBox: 'CheckBox',
  RadioButton: 'RadioButton',
  Cell: 'Cell',
  Table: 'Table',
  CollectionView: 'Grid',
  Grid: 'Grid',
  List: 'List',
  ScrollView: 'ScrollView',
  WebView: 'WebView',
  NavigationBar: 'NavigationBar',
  TabBar: 'TabBar',
  Tab: 'Tab',
  Toolbar: 'Toolbar',
  StatusBar: 'StatusBar',
  Image: 'Image',
  Icon: 'Image',
  Link: 'Link',
  Slider: 'Slider',
  Adjustable: 'Slider',
  ProgressIndicator: 'ProgressBar',
  ActivityIndicator: 'Spinner',
  Picker: 'Picker',
  PickerWheel: 'Picker',
  DatePicker: 'Picker',
  Menu: 'Menu',
  MenuItem: 'MenuItem',
  Alert: 'Alert',
  Sheet: 'Dialog',
  Dialog: 'Dialog',
  Keyboard: 'Keyboard',
  Key: 'Key',
  Other: 'Group',
  Group: 'Group',
  GenericElement: 'Other',
};

/** `XCUIElementTypeStaticText` / `AXStaticText` -> `StaticText`: the key of ROLE_OF_TYPE and ACTIONS_OF_TYPE. */
const typeName = (type: string): string => type.replace(/^XCUIElementType/, '').replace(/^AX(?=[A-Z])/, '');

/** `XCUIElementTypeStaticText` / `StaticText` / `AXStaticText` -> `Text`. */
export function iosRole(type: string): Role {
  const name = typeName(type);
  return ROLE_OF_TYPE[name] ?? name;
}

/**
 * iOS trees do not list actions; the role declares them (a UIButton is tappable, a text
 * field takes a value, a table scrolls).
 */
const ACTIONS_OF_ROLE: Partial<Record<string, UiAction[]>> = {
  Button: ['tap'],
  Link: ['tap'],
  Cell: ['tap'],
  Switch: ['tap'],
  CheckBox: ['tap'],
  RadioButton: ['tap'],
  Tab: ['tap'],
  Key: ['tap'],
  MenuItem: ['tap'],
  TextField: ['tap', 'setValue'],
  SecureTextField: ['tap', 'setValue'],
  SearchField: ['tap', 'setValue'],
  TextArea: ['tap', 'setValue'],
  Slider: ['setValue'],
  Picker: ['setValue'],
  Table: ['scroll'],
  Grid: ['scroll'],
  List: ['scroll'],
  ScrollView: ['scroll'],
  WebView: ['scroll'],
};

/**
 * What an element of a type declares beyond its role: an Icon is an app's icon on the home
 * screen (or in the Dock, a folder, the App Library), opened with a tap and held to move it or
 * open its menu; it is drawn as a picture, so its role alone would declare nothing.
 */
const ACTIONS_OF_TYPE: Partial<Record<string, UiAction[]>> = {
  Icon: ['tap', 'longPress'],
};

/** What an element of this type declares it does (by its type, else by its role). */
export function iosActions(type: string): UiAction[] {
  return [...(ACTIONS_OF_TYPE[typeName(type)] ?? ACTIONS_OF_ROLE[iosRole(type)] ?? [])];
}

const EDITABLE = new Set<Role>(['TextField', 'SecureTextField', 'SearchField', 'TextArea']);
const SCROLLING = new Set<Role>(['Table', 'Grid', 'List', 'ScrollView', 'WebView']);
const TOGGLES = new Set<Role>(['Switch', 'CheckBox', 'RadioButton']);

export const isIosEditable = (role: Role): boolean => EDITABLE.has(role);
export const isIosScrolling = (role: Role): boolean => SCROLLING.has(role);
export const isIosToggle = (role: Role): boolean => TOGGLES.has(role);

/** iOS simulators and phones of today are @3x; older and smaller ones are @2x. */
export const DEFAULT_IOS_SCALE = 3;
