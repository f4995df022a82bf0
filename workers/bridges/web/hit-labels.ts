import type { LabelFacts } from './hit-page.js';

/** What common icon names mean to a person (Material, Ionicons, Framework7, Font Awesome spellings). */
const ICON_MEANINGS: Array<[RegExp, string]> = [
  [/^(chevron[-_]?left|arrow[-_]?back(_ios(_new)?)?|arrow[-_]?left|back|nav[-_]?back|caret[-_]?back|angle[-_]?left|md-arrow-back|ios-arrow-back)$/, 'back'],
  [/^(chevron[-_]?right|arrow[-_]?forward(_ios)?|arrow[-_]?right|forward|caret[-_]?forward|angle[-_]?right)$/, 'forward'],
  [/^(close|clear|cancel|times|xmark|x)$/, 'close'],
  [/^(menu|hamburger|bars|reorder[-_]?three|list)$/, 'menu'],
  [/^(more[-_]?(vert|horiz|horizontal|vertical)?|ellipsis[-_]?(vertical|horizontal|v|h)?|dots)$/, 'more'],
  [/^(search|magnifying[-_]?glass|magnifier)$/, 'search'],
  [/^(favorite(_border)?|heart(_outline)?|like|thumb[-_]?up)$/, 'like'],
  [/^(share|share[-_]?social|send|ios[-_]?share)$/, 'share'],
  [/^(bookmark(_border|_outline)?|save)$/, 'save'],
  [/^(add|plus|add[-_]?circle(_outline)?|create)$/, 'add'],
  [/^(delete|trash|bin|remove)$/, 'delete'],
  [/^(edit|pencil|create[-_]?outline|mode[-_]?edit)$/, 'edit'],
  [/^(settings|gear|cog|cogs)$/, 'settings'],
  [/^(home|house)$/, 'home'],
  [/^(notifications?(_none|_active)?|bell|alarm)$/, 'notifications'],
  [/^(person|account[-_]?circle|user|profile|people)$/, 'account'],
  [/^(refresh|reload|sync|autorenew)$/, 'refresh'],
  [/^(mail|email|envelope|inbox)$/, 'mail'],
  [/^(shopping[-_]?cart|cart|bag|basket)$/, 'cart'],
  [/^(filter(_list)?|funnel|tune|options)$/, 'filter'],
];

/**
 * Strips what kits add around an icon's name: a library prefix (`icon-back` → `back`,
 * `ion-md-menu` → `menu`, `zmdi-share`), a platform (`ios-`, `_ios`), a style (`-outline`), and
 * words that only say it is an icon (`ios-back-button-icon` → `back`).
 */
function iconWord(icon: string): string {
  let word = icon.toLowerCase().replace(/^(icon|ion|fa|bi|f7|ons|zmdi|mdi)[-_]/, '');
  for (let before = ''; before !== word; ) {
    before = word;
    word = word.replace(/^(ios|md|android)[-_]/, '').replace(/[-_](outline|outlined|sharp|filled|fill|solid|regular|rounded|ios|md|android|icon|button|btn|new)$/, '');
  }
  return word;
}

/** The meaning of a known icon name (Material, Ionicons, Framework7, Font Awesome, Onsen spellings), if it is one. */
export function iconMeaning(icon: string): string | undefined {
  const word = iconWord(icon);
  for (const [pattern, meaning] of ICON_MEANINGS) if (pattern.test(word)) return meaning;
  return undefined;
}

/** A person's word for an icon: the meaning of a known name, else the name in words. */
export function iconLabel(icon: string): string {
  return iconMeaning(icon) ?? iconWord(icon).replace(/[-_]+/g, ' ');
}

/** An identifier rather than words (`chevron_left_ios`, `ios-back-button-icon`): what a kit's icon leaks as a name. */
const TOKEN = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/;

/** A name the page gives, unless it is an icon's identifier with a known meaning: then that meaning. */
function words(name: string | undefined): string | undefined {
  return name !== undefined && TOKEN.test(name) ? (iconMeaning(name) ?? name) : name;
}

/**
 * The label of a control found by hit-testing, from the best evidence the page gave: what the
 * page itself names it (aria-label, title, alt, also on a child icon), its text, the icon it
 * shows, or the caption beside it. Undefined when there is none: the outline shows the role and
 * frame, never an invented name.
 */
export function labelOfControl(facts: LabelFacts): string | undefined {
  return words(facts.aria ?? facts.title ?? facts.alt ?? facts.text) ?? (facts.icon ? iconLabel(facts.icon) : undefined) ?? facts.nearby;
}
