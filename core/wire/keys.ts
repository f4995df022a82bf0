import { SimlabError } from '../contract/envelope.js';

/**
 * Other names people give keys, mapped to the DOM `key` names every bridge uses. A device's
 * own key of that name wins over an alias (Android has a forward `Delete` key).
 */
const KEY_ALIASES: Record<string, string> = {
  return: 'Enter',
  delete: 'Backspace',
  del: 'Backspace',
  esc: 'Escape',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/** The device's own name for a key (any case, or a usual alias); undefined when it has none. */
export function canonicalKey<K extends string>(name: string, known: readonly K[]): K | undefined {
  const lower = String(name).trim().toLowerCase();
  const own = known.find((k) => k.toLowerCase() === lower);
  if (own !== undefined) return own;
  const alias = KEY_ALIASES[lower];
  return alias === undefined ? undefined : known.find((k) => k === alias);
}

/** The device's own name for a key; INVALID_ARGS naming the keys it has otherwise. */
export function resolveKey<K extends string>(name: string, known: readonly K[]): K {
  const key = canonicalKey(name, known);
  if (key !== undefined) return key;
  throw new SimlabError('INVALID_ARGS', `unknown key "${name}"`, {
    hint: `Known keys: ${known.join(', ')}`,
    details: { key: name, known: [...known] },
  });
}
