import { SimlabError } from '../../../core/contract/index.js';

/** Keys the web device presses, by their DOM `key` names (what Playwright's keyboard takes). */
export const KNOWN_KEYS = ['Enter', 'Backspace', 'Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape'] as const;
export type KnownKey = (typeof KNOWN_KEYS)[number];

const ALIASES: Record<string, KnownKey> = {
  return: 'Enter',
  delete: 'Backspace',
  esc: 'Escape',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/** The canonical key for a name (case-insensitive, a few common aliases); INVALID_ARGS otherwise. */
export function resolveKey(name: string): KnownKey {
  const lower = String(name).trim().toLowerCase();
  const key = KNOWN_KEYS.find((k) => k.toLowerCase() === lower) ?? ALIASES[lower];
  if (key) return key;
  throw new SimlabError('INVALID_ARGS', `unknown key "${name}"`, {
    hint: `Known keys: ${KNOWN_KEYS.join(', ')}`,
    details: { key: name, known: [...KNOWN_KEYS] },
  });
}
