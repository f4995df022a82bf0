/**
 * Selectors: how an agent names an element of an outline.
 *
 *   @7             element 7 of the latest snapshot
 *   @7f3a9c:7      element 7 of snapshot 7f3a9c (an earlier one, if still known)
 *   #3  #3@2       cell 3 of list 1 / of list 2 (digits only: a cell; anything else is an id)
 *   #login         the element whose id (or its short form, after `:id/`) is `login`
 *   id="12"        an id that is all digits or has spaces
 *   text="OK"      label or value equal (whitespace collapsed; `…` at the end matches a cut label)
 *   text~="ok"     label or value contains, any case
 *   role=Button    role=Button[label="OK"]  role=Switch[label~="wi"][value="1"]
 *
 * Resolution: none matching is NOT_FOUND (with a hint), several is AMBIGUOUS_TARGET (with the
 * candidates' @N, role, label), bad syntax is INVALID_ARGS (with the position). `@<snapshot>:N`
 * naming a snapshot the caller no longer holds is STALE_REF, not NOT_FOUND: the ref was valid
 * for a screen that is gone, and the recovery is the same as for any stale ref (take a new
 * outline). Checking that a resolved element is still on the screen is the caller's job
 * (core/outline findSameElement).
 */
export type { Selector, AttributeTest } from './selector.js';
export { parseSelector } from './parse.js';
export { resolveSelector, matchSelector, formatSelector, type ResolveContext } from './resolve.js';
export { selectorsFor } from './selectors-for.js';
export { stableSelectorFor } from './stable-selector.js';
