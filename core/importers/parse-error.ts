import { SimlabError } from '../contract/envelope.js';
import { TREE_FORMATS, type TreeFormat } from './formats.js';

/** Where in the raw text something broke: 1-based line and column, 0-based offset. */
export interface TextPosition {
  line: number;
  column: number;
  offset: number;
}

export function positionOfOffset(text: string, offset: number): TextPosition {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1, offset: at };
}

export function positionOfLine(text: string, line: number, column = 1): TextPosition {
  let offset = 0;
  for (let l = 1; l < line; l += 1) {
    const next = text.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return positionOfOffset(text, offset + Math.max(0, column - 1));
}

/** The position of `needle` in the text (searching from `from`), or of the text's end when absent. */
export function positionOfText(text: string, needle: string, from = 0): TextPosition {
  const at = text.indexOf(needle, from);
  return positionOfOffset(text, at === -1 ? text.length : at);
}

/** INVALID_ARGS naming the format and the place that broke. */
export function invalidTree(format: TreeFormat, text: string, where: TextPosition, what: string): SimlabError {
  return new SimlabError(
    'INVALID_ARGS',
    `invalid ${format} tree at line ${where.line}, column ${where.column} (offset ${where.offset}): ${what}`,
    {
      hint: 'pass a complete dump, or name its format explicitly',
      details: { format, line: where.line, column: where.column, offset: where.offset, length: text.length },
    },
  );
}

export function unknownFormat(what: string, where?: TextPosition): SimlabError {
  return new SimlabError('INVALID_ARGS', `${what}; known formats: ${TREE_FORMATS.join(', ')}`, {
    hint: 'pass one of the known formats explicitly',
    details: { formats: [...TREE_FORMATS], ...(where ? { line: where.line, column: where.column, offset: where.offset } : {}) },
  });
}
