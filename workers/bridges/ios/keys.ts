import { resolveKey } from '../../../core/wire/keys.js';

/** Keys by the names every bridge uses, as USB HID keyboard usage ids (what the simulator's HID takes). */
const IOS_KEYS = {
  Enter: 0x28,
  Escape: 0x29,
  Backspace: 0x2a,
  Tab: 0x2b,
  Space: 0x2c,
  Home: 0x4a,
  PageUp: 0x4b,
  Delete: 0x4c,
  End: 0x4d,
  PageDown: 0x4e,
  ArrowRight: 0x4f,
  ArrowLeft: 0x50,
  ArrowDown: 0x51,
  ArrowUp: 0x52,
} as const;

const LEFT_GUI = 0xe3;
const LETTER_A = 0x04;

/** Command-key combinations for editing text, offered where the tool can hold a modifier. */
const COMBOS = ['Meta+a', 'Meta+c', 'Meta+v', 'Meta+x', 'Meta+z'] as const;

export function iosKeys(combos: boolean): string[] {
  return [...Object.keys(IOS_KEYS), ...(combos ? COMBOS : [])];
}

export interface HidKey {
  usage: number;
  modifiers: number[];
}

/** The HID usage (and held modifiers) of a key name; INVALID_ARGS naming the keys otherwise. */
export function hidKey(name: string, combos: boolean): HidKey {
  const key = resolveKey(name, iosKeys(combos));
  const combo = /^Meta\+([a-z])$/.exec(key);
  if (combo?.[1]) return { usage: LETTER_A + (combo[1].charCodeAt(0) - 97), modifiers: [LEFT_GUI] };
  return { usage: IOS_KEYS[key as keyof typeof IOS_KEYS], modifiers: [] };
}
