import type { Role } from '../model/ui-node.js';

/**
 * Android widget classes (short names) and the role each declares. Layout containers are
 * `Group`; a class not listed, nor named after one listed, keeps its own short name (never a
 * guess from its looks).
 */
const ROLE_OF_CLASS: Record<string, Role> = {
  Button: 'Button',
  AppCompatButton: 'Button',
  MaterialButton: 'Button',
  ImageButton: 'Button',
  AppCompatImageButton: 'Button',
  FloatingActionButton: 'Button',
  ExtendedFloatingActionButton: 'Button',
  Chip: 'Button',
  TextView: 'Text',
  AppCompatTextView: 'Text',
  MaterialTextView: 'Text',
  CheckedTextView: 'Text',
  EditText: 'TextField',
  AppCompatEditText: 'TextField',
  TextInputEditText: 'TextField',
  AutoCompleteTextView: 'TextField',
  AppCompatAutoCompleteTextView: 'TextField',
  MultiAutoCompleteTextView: 'TextField',
  SearchView: 'SearchField',
  ImageView: 'Image',
  AppCompatImageView: 'Image',
  ShapeableImageView: 'Image',
  Switch: 'Switch',
  SwitchCompat: 'Switch',
  SwitchMaterial: 'Switch',
  MaterialSwitch: 'Switch',
  ToggleButton: 'Switch',
  CheckBox: 'CheckBox',
  AppCompatCheckBox: 'CheckBox',
  MaterialCheckBox: 'CheckBox',
  RadioButton: 'RadioButton',
  AppCompatRadioButton: 'RadioButton',
  MaterialRadioButton: 'RadioButton',
  RecyclerView: 'List',
  ListView: 'List',
  ExpandableListView: 'List',
  GridView: 'Grid',
  ScrollView: 'ScrollView',
  NestedScrollView: 'ScrollView',
  HorizontalScrollView: 'ScrollView',
  WebView: 'WebView',
  SeekBar: 'Slider',
  AppCompatSeekBar: 'Slider',
  Slider: 'Slider',
  RatingBar: 'Slider',
  ProgressBar: 'ProgressBar',
  Spinner: 'Picker',
  AppCompatSpinner: 'Picker',
  NumberPicker: 'Picker',
  DatePicker: 'Picker',
  TimePicker: 'Picker',
  TabWidget: 'TabBar',
  TabLayout: 'TabBar',
  TabView: 'Tab',
  BottomNavigationView: 'TabBar',
  NavigationBarView: 'TabBar',
  BottomNavigationItemView: 'Tab',
  NavigationBarItemView: 'Tab',
  Toolbar: 'Toolbar',
  ActionBarContainer: 'Toolbar',
  ActionMenuView: 'Menu',
  FrameLayout: 'Group',
  LinearLayout: 'Group',
  LinearLayoutCompat: 'Group',
  RelativeLayout: 'Group',
  ConstraintLayout: 'Group',
  CoordinatorLayout: 'Group',
  AppBarLayout: 'Group',
  CollapsingToolbarLayout: 'Group',
  DrawerLayout: 'Group',
  ViewGroup: 'Group',
  ViewSwitcher: 'Group',
  ViewFlipper: 'Group',
  ViewAnimator: 'Group',
  TableLayout: 'Group',
  TableRow: 'Group',
  GridLayout: 'Group',
  CardView: 'Group',
  MaterialCardView: 'Group',
  TextInputLayout: 'Group',
  DecorView: 'Group',
};

/** `com.example.Foo$Bar` -> `Bar`, `android.widget.TextView` -> `TextView`. */
function shortClassName(className: string): string {
  const last = className.slice(className.lastIndexOf('.') + 1);
  return last.slice(last.lastIndexOf('$') + 1) || className;
}

/**
 * The role of an Android class; `ancestors` (its superclasses, as Rico records them) let a
 * custom subclass such as `EmptyRecyclerView` take its platform base class's role.
 */
export function androidRole(className: string, ancestors: readonly string[] = []): Role {
  for (const cls of [className, ...ancestors]) {
    const role = ROLE_OF_CLASS[shortClassName(cls)];
    if (role) return role;
  }
  // uiautomator names an app's own widget without its ancestors; by Android's convention a
  // subclass carries its base class's name at its end (`FtTextView` is a TextView): the longest
  // such name says the role.
  const short = shortClassName(className);
  const base = Object.keys(ROLE_OF_CLASS)
    .filter((k) => short.length > k.length && short.endsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return base ? (ROLE_OF_CLASS[base] as Role) : short;
}

const EDITABLE_ROLES = new Set<Role>(['TextField', 'SearchField']);

export function isEditableRole(role: Role): boolean {
  return EDITABLE_ROLES.has(role);
}

/**
 * The short resource id: `com.android.settings:id/recycler_view` -> `recycler_view`. Ids that
 * an obfuscator replaced (`0_resource_name_obfuscated`) name nothing and repeat everywhere.
 */
export function shortResourceId(resourceId: string | undefined): string | undefined {
  if (!resourceId) return undefined;
  const at = resourceId.indexOf(':id/');
  const id = at === -1 ? resourceId : resourceId.slice(at + 4);
  if (!id || /_resource_name_obfuscated$/.test(id)) return undefined;
  return id;
}

/** Common Android densities (device pixels per point). */
export const ANDROID_DENSITIES = [1, 1.5, 2, 2.625, 2.75, 3, 3.5, 4] as const;

/** The width in points that phones are designed around. */
const TYPICAL_WIDTH_POINTS = 411;

/** The common density that makes a screen of `shortSidePx` pixels closest to ~411 points wide. */
export function guessAndroidScale(shortSidePx: number): number {
  let best: number = ANDROID_DENSITIES[0];
  for (const d of ANDROID_DENSITIES) {
    if (Math.abs(shortSidePx / d - TYPICAL_WIDTH_POINTS) < Math.abs(shortSidePx / best - TYPICAL_WIDTH_POINTS)) best = d;
  }
  return best;
}

/** Input-method packages: their window is the keyboard. */
export function isKeyboardPackage(pkg: string): boolean {
  return /inputmethod|keyboard|swiftkey|\.ime\b|\.latin\b/i.test(pkg);
}

export function isSystemUiPackage(pkg: string): boolean {
  return pkg === 'com.android.systemui';
}
