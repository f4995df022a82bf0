import { SimlabError } from '../../../core/contract/index.js';

/** Keys the Android device presses, by the same names as the web device, and their key codes. */
export const ANDROID_KEYS = {
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
export type AndroidKey = keyof typeof ANDROID_KEYS;
export const KNOWN_KEYS = Object.keys(ANDROID_KEYS) as AndroidKey[];

const ALIASES: Record<string, AndroidKey> = {
  return: 'Enter',
  esc: 'Escape',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  del: 'Backspace',
};

export const KEYCODE_BACK = 4;
export const KEYCODE_HOME = 3;

/** The Android key code of a key name (case-insensitive, a few aliases); INVALID_ARGS otherwise. */
export function keyCode(name: string): number {
  const lower = String(name).trim().toLowerCase();
  const key = KNOWN_KEYS.find((k) => k.toLowerCase() === lower) ?? ALIASES[lower];
  if (key) return ANDROID_KEYS[key];
  throw new SimlabError('INVALID_ARGS', `unknown key "${name}"`, {
    hint: `Known keys: ${KNOWN_KEYS.join(', ')}`,
    details: { key: name, known: [...KNOWN_KEYS] },
  });
}
