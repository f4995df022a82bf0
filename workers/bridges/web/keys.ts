/** Keys the web device presses, by their DOM `key` names (what Playwright's keyboard takes). */
export const KNOWN_KEYS = ['Enter', 'Backspace', 'Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape'] as const;
