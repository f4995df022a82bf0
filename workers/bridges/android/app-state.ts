import type { AppState } from '../../../core/model/index.js';

/** `pkg/activity` with a leading-dot activity made absolute (`com.x/.Main` -> `com.x/com.x.Main`). */
function component(text: string): { app: string; activity: string } {
  const [app = '', cls = ''] = text.split('/');
  return { app, activity: cls.startsWith('.') ? `${app}${cls}` : cls };
}

/**
 * The focused app and activity from `dumpsys window`: mFocusedApp (the resumed activity)
 * first, else mCurrentFocus (the focused window, which may be a system window without one).
 */
export function parseDumpsysWindow(text: string): AppState {
  const focusedApp = /mFocusedApp=.*?\bu\d+ (\S+\/\S+)/.exec(text)?.[1];
  if (focusedApp) return component(focusedApp.replace(/[}\s].*$/, ''));
  const focus = /mCurrentFocus=Window\{\S+ u\d+ ([^}\s]+)\}/.exec(text)?.[1];
  if (!focus) return {};
  return focus.includes('/') ? component(focus) : { app: focus };
}
