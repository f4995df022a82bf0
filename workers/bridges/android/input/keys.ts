import { resolveKey } from '../../../../core/wire/keys.js';

/** Keys the Android device presses, by the same names as the web device, and their key codes. */
const ANDROID_KEYS = {
  Enter: 66,
  Backspace: 67,
  Tab: 61,
  ArrowUp: 19,
  ArrowDown: 20,
  ArrowLeft: 21,
  ArrowRight: 22,
  Escape: 111,
  Delete: 112,
  Space: 62,
  PageUp: 92,
  PageDown: 93,
} as const;
type AndroidKey = keyof typeof ANDROID_KEYS;
export const KNOWN_KEYS = Object.keys(ANDROID_KEYS) as AndroidKey[];

export const KEYCODE_BACK = 4;
export const KEYCODE_HOME = 3;

/** The Android key code of a key name (case-insensitive, a few aliases); INVALID_ARGS otherwise. */
export function keyCode(name: string): number {
  return ANDROID_KEYS[resolveKey(name, KNOWN_KEYS)];
}
