import { SimlabError } from '../contract/envelope.js';
import type { TreeFormat } from './formats.js';
import { positionOfOffset, positionOfText, unknownFormat } from './parse-error.js';

/**
 * Each format's tell-tale marks, looked for anywhere in the text so that a truncated dump is
 * still recognised (and then reported with the place where it breaks, not as unknown).
 */
const XML_MARKS: Array<[TreeFormat, ...RegExp[]]> = [
  ['ios-xml', /<XCUIElementType|type="XCUIElementType|<AppiumAUT[\s>]/],
  ['android-xml', /<hierarchy[\s>]|<node[\s>]|<android\.[\w.]+[\s>]|class="android\./],
];
/** Each format with the marks that must all be there. */
const JSON_MARKS: Array<[TreeFormat, ...RegExp[]]> = [
  ['cdp-ax', /"format"\s*:\s*"cdp-ax"|"nodeId"\s*:/],
  ['rico', /"activity_name"\s*:|"visible-to-user"\s*:|"scrollable-vertical"\s*:/],
  ['idb-json', /"AX(?:Frame|Label|UniqueId|Value)"\s*:/],
  ['maestro-json', /"attributes"\s*:\s*\{/, /"(?:bounds|accessibilityText|hintText|ignoreBoundsFiltering|resource-id)"\s*:/],
  // Maestro's debug output of a flow: its commands, a failed one holding the screen.
  ['maestro-json', /^\[\s*\{\s*"command"\s*:\s*\{/, /"metadata"\s*:\s*\{/],
  ['wda-json', /"type"\s*:\s*"(?:XCUIElementType)?\w+"/, /"rect"\s*:\s*\{|"frame"\s*:\s*"\{\{/],
];

/** Which tree format the raw text is in; INVALID_ARGS listing the known formats when none fits. */
export function detectFormat(text: string): TreeFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  const marks = head.startsWith('<') ? XML_MARKS : head.startsWith('{') || head.startsWith('[') ? JSON_MARKS : [];
  for (const [format, ...all] of marks) if (all.every((mark) => mark.test(head))) return format;
  if (head === '') throw unknownFormat('the tree is empty, so its format cannot be told');
  // A dump that failed (`uiautomator dump` on a screen still moving) saves its error line instead.
  const error = /^ERROR: [^\n]*/.exec(head)?.[0];
  if (error !== undefined) {
    const where = positionOfText(text, error);
    throw new SimlabError('INVALID_ARGS', `the text is the capturing tool's error, not a tree: ${error.trim()}`, {
      hint: 'capture the screen again once it is still',
      details: { line: where.line, column: where.column, offset: where.offset, length: text.length },
    });
  }
  const headAt = text.length - head.length;
  const start = positionOfOffset(text, headAt);
  if (marks.length === 0) {
    // Quoted with the place where a tree seems to start, so unknown chatter saved ahead of a dump shows as such.
    const tree = /^[<{[]/m.exec(head);
    const after = tree ? `; something like a tree starts at line ${positionOfOffset(text, headAt + tree.index).line}` : '';
    const first = head.split('\n', 1)[0]?.slice(0, 60) ?? '';
    const binary = [...first].some((c) => (c < ' ' && c !== '\t' && c !== '\r') || c === '\ufffd');
    const begins = binary ? 'it is binary data, not text' : `it begins ${JSON.stringify(first)}`;
    throw unknownFormat(`cannot tell the tree format: the text is neither XML nor JSON (${begins}${after})`, start);
  }
  const kind = head.startsWith('<') ? 'an XML document' : 'a JSON document';
  throw unknownFormat(`cannot tell the tree format: the text is ${kind} without the marks of a known format`, start);
}
