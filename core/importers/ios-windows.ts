import type { WindowInfo } from '../model/screen.js';
import type { Role } from '../model/ui-node.js';

/**
 * What an iOS window element holds says what kind of window it is: the keyboard, the status
 * bar alone, an alert, or the app. Written once for every iOS format (XML or JSON elements).
 */
export function iosWindowKind<E>(window: E, roleOf: (el: E) => Role, childrenOf: (el: E) => E[]): WindowInfo['kind'] {
  const contains = (el: E, role: Role): boolean => roleOf(el) === role || childrenOf(el).some((c) => contains(c, role));
  const kids = childrenOf(window);
  if (contains(window, 'Keyboard')) return 'keyboard';
  if (kids.length > 0 && kids.every((c) => roleOf(c) === 'StatusBar')) return 'system';
  if (contains(window, 'Alert')) return 'dialog';
  return 'app';
}
