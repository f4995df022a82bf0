import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TreeFormat } from './formats.js';
import { invalidTree, positionOfLine, positionOfOffset } from './parse-error.js';

/** A parsed XML element: its tag, attributes and child elements in document order. */
export interface XmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown>;

function toElement(raw: Ordered): XmlElement | null {
  const tag = Object.keys(raw).find((k) => k !== ':@' && k !== '#text');
  if (tag === undefined || tag.startsWith('?') || tag.startsWith('!')) return null;
  const attrs: Record<string, string> = {};
  const rawAttrs = raw[':@'];
  if (rawAttrs && typeof rawAttrs === 'object') {
    for (const [k, v] of Object.entries(rawAttrs as Record<string, unknown>)) attrs[k] = String(v);
  }
  const body = raw[tag];
  const children: XmlElement[] = [];
  if (Array.isArray(body)) {
    for (const child of body as Ordered[]) {
      const el = toElement(child);
      if (el) children.push(el);
    }
  }
  return { tag, attrs, children };
}

/**
 * Parses XML into elements, after validating it so that a malformed or truncated dump is
 * reported with the line and column where it broke (the parser alone would guess silently).
 */
export function parseXml(saved: string, format: TreeFormat): XmlElement {
  // The declaration is ignored anyway, and after blanked chatter or a stray newline the validator
  // would refuse it: blanked like the chatter, so positions still point into the file as saved.
  const text = saved.replace(/^(\s+)(<\?xml[^>]*>)/, (_, space: string, declaration: string) => space + ' '.repeat(declaration.length));
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { line, col, msg } = verdict.err;
    throw invalidTree(format, text, positionOfLine(text, line, col ?? 1), msg);
  }
  const roots = (parser.parse(text) as Ordered[]).map(toElement).filter((e): e is XmlElement => e !== null);
  const root = roots[0];
  if (!root) throw invalidTree(format, text, positionOfOffset(text, text.length), 'no root element');
  return root;
}
