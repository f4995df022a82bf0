import type { AppState } from '../../../core/model/index.js';

/** `pkg/activity` with a leading-dot activity made absolute (`com.x/.Main` -> `com.x/com.x.Main`). */
function component(text: string): { app: string; activity: string } {
  const [app = '', cls = ''] = text.split('/');
  return { app, activity: cls.startsWith('.') ? `${app}${cls}` : cls };
}

/**
 * The focused app and activity from `dumpsys window`: mFocusedApp (the resumed activity)
 * first, else mCurrentFocus (the focused window; a system window has only its title).
 */
export function parseDumpsysWindow(text: string): AppState {
  const focusedApp = /mFocusedApp=.*?\bu\d+ (\S+\/\S+)/.exec(text)?.[1];
  if (focusedApp) return component(focusedApp.replace(/[}\s].*$/, ''));
  const focus = /mCurrentFocus=Window\{\S+ u\d+ ([^}\s]+)\}/.exec(text)?.[1];
  if (!focus) return {};
  // A system window (NotificationShade, StatusBar) has a title, not a component.
  return focus.includes('/') ? component(focus) : { title: focus };
}
