// The screen graphs the virtual device can serve: captured screens (real dumps) and the taps
// that move between them. Data only; screen-graph.ts runs them.

export interface NodeMatch {
  text?: string;
  contentDesc?: string;
  resourceId?: string;
}

export type TransitionEffect =
  /** Open another screen (pushed on the back stack). */
  | { goto: string }
  /** Like the back key. */
  | { back: true }
  /** Mark the matched node (a tab) selected and its siblings not. */
  | { select: true };

export interface TransitionSpec {
  from: string;
  /** Matches the tapped node or one of its ancestors. */
  match: NodeMatch;
  effect: TransitionEffect;
}

export interface ScreenSpec {
  id: string;
  /** File under the fixtures folder (an Appium page source or a plain dump). */
  fixture: string;
  /** `package/activity`, as `dumpsys window` names the focused window. */
  activity: string;
  /**
   * The app draws this screen itself: the capture's content is replaced by one SurfaceView
   * (with this resource-id) whose pixels show a column of these buttons, which no dump names.
   */
  surface?: { resourceId: string; buttons: string[] };
}

export interface ScreenGraphSpec {
  name: string;
  width: number;
  height: number;
  density: number;
  /** Shown at start and after the home key. */
  home: string;
  screens: ScreenSpec[];
  transitions: TransitionSpec[];
}

const CLOCK_TABS = ['Alarm', 'Clock', 'Timer', 'Stopwatch', 'Bedtime'];

/** Settings, Clock and Play Store captured on a 1080x2088 phone. */
export const SETTINGS_GRAPH: ScreenGraphSpec = {
  name: 'settings',
  width: 1080,
  height: 2088,
  density: 440,
  home: 'settings',
  screens: [
    { id: 'settings', fixture: 'android/appium_settings_top.xml', activity: 'com.android.settings/.homepage.SettingsHomepageActivity' },
    { id: 'network', fixture: 'android/appium_settings_network_internet.xml', activity: 'com.android.settings/.Settings$NetworkDashboardActivity' },
    { id: 'clock', fixture: 'android/appium_clock_alarm_bottomnav.xml', activity: 'com.google.android.deskclock/com.android.deskclock.DeskClock' },
    { id: 'playstore', fixture: 'android/appium_playstore_games.xml', activity: 'com.android.vending/com.google.android.finsky.activities.MainActivity' },
  ],
  transitions: [
    { from: 'settings', match: { text: 'Network & internet' }, effect: { goto: 'network' } },
    { from: 'network', match: { contentDesc: 'Navigate up' }, effect: { back: true } },
    ...CLOCK_TABS.map((tab) => ({ from: 'clock', match: { contentDesc: tab }, effect: { select: true as const } })),
  ],
};

/** A game whose menu is drawn on a SurfaceView: the tree sees one unnamed surface (the pixel channel's Android case). */
export const GAME_GRAPH: ScreenGraphSpec = {
  name: 'game',
  width: 1080,
  height: 2088,
  density: 440,
  home: 'menu',
  screens: [
    {
      id: 'menu',
      fixture: 'android/appium_settings_top.xml',
      activity: 'com.example.rocks/.GameActivity',
      surface: { resourceId: 'com.example.rocks:id/surface', buttons: ['New game', 'Continue', 'Options', 'High scores'] },
    },
  ],
  transitions: [],
};

/** Gmail and X captured on a 1440x3120 phone; Gmail's search field is focused. */
export const GMAIL_GRAPH: ScreenGraphSpec = {
  name: 'gmail',
  width: 1440,
  height: 3120,
  density: 560,
  home: 'gmail',
  screens: [
    { id: 'gmail', fixture: 'android/appium_gmail_inbox.xml', activity: 'com.google.android.gm/.ConversationListActivityGmail' },
    { id: 'twitter', fixture: 'android/appium_twitter_home_feed.xml', activity: 'com.twitter.android/com.twitter.app.main.MainActivity' },
  ],
  transitions: [],
};
