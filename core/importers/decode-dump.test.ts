import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invalidArgs } from '../../test/support/invalid-args.js';
import type { UiNode } from '../model/ui-node.js';
import { importScreen } from './index.js';

const labels = (n: UiNode): string[] => [...(n.label ? [n.label] : []), ...n.children.flatMap(labels)];

/** A one-label `uiautomator dump`, its declaration naming `encoding`. */
const dump = (label: string, encoding = 'UTF-8'): string =>
  `<?xml version='1.0' encoding='${encoding}' standalone='yes' ?><hierarchy rotation="0">` +
  `<node index="0" text="${label}" resource-id="" class="android.widget.TextView" package="a.b" content-desc="" ` +
  'clickable="false" enabled="true" bounds="[0,0][1080,200]" /></hierarchy>';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const hex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
const concat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => [...p]));

function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
  return Uint8Array.from(units.flatMap((u) => (order === 'le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])));
}

/** The dump's text with the label spliced in as raw bytes of a single-byte or legacy encoding. */
const withRawLabel = (encoding: string, labelBytes: string): Uint8Array => {
  const [before, after] = dump('@', encoding).split('@') as [string, string];
  return concat(utf8(before), hex(labelBytes), utf8(after));
};

const labelsOf = (input: string | Uint8Array, encoding?: string): string[] =>
  importScreen(input, encoding === undefined ? {} : { encoding }).root.children.flatMap(labels);

describe('dump bytes as text', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    assert.deepEqual(labelsOf(utf8(dump('自启管理'))), ['自启管理']);
    assert.deepEqual(labelsOf(concat(hex('efbbbf'), utf8(dump('自启管理')))), ['自启管理']);
  });

  it('reads UTF-16 by its byte-order mark, though the declaration says UTF-8 (PowerShell `>`)', () => {
    assert.deepEqual(labelsOf(utf16(dump('Émile'), 'le', true)), ['Émile']);
    assert.deepEqual(labelsOf(utf16(dump('Émile'), 'be', true)), ['Émile']);
  });

  it('reads UTF-16 without a byte-order mark by the zero bytes of its first character', () => {
    assert.deepEqual(labelsOf(utf16(dump('Émile'), 'le', false)), ['Émile']);
    assert.deepEqual(labelsOf(utf16(dump('Émile'), 'be', false)), ['Émile']);
  });

  it("decodes by the XML declaration's encoding", () => {
    assert.deepEqual(labelsOf(withRawLabel('GBK', 'b5c7c2bc')), ['登录']);
    assert.deepEqual(labelsOf(withRawLabel('windows-1251', 'cff0e8e2e5f2')), ['Привет']);
    assert.deepEqual(labelsOf(withRawLabel('ISO-8859-1', 'c96d696c65')), ['Émile']);
    assert.deepEqual(labelsOf(withRawLabel('Shift_JIS', '90dd92e8')), ['設定']);
  });

  it('reads UTF-8 when the declaration names an encoding the platform does not know, or UTF-16 in single bytes', () => {
    assert.deepEqual(labelsOf(utf8(dump('Émile', 'x-made-up'))), ['Émile']);
    assert.deepEqual(labelsOf(utf8(dump('Émile', 'UTF-16'))), ['Émile']);
  });

  it('a named encoding overrides a declaration that lies; an unknown one is INVALID_ARGS', () => {
    const lying = withRawLabel('UTF-8', 'b5c7c2bc');
    assert.deepEqual(labelsOf(lying, 'gbk'), ['登录']);
    assert.equal(invalidArgs(() => labelsOf(lying, 'klingon')).options.details?.encoding, 'klingon');
  });

  it('reads bytes invalid in their encoding as U+FFFD rather than losing the screen', () => {
    assert.deepEqual(labelsOf(withRawLabel('UTF-8', 'b5c7c2bc')), ['\uFFFD\uFFFD¼']);
  });

  it('text passed as a string is read as it is, whatever its declaration names', () => {
    assert.deepEqual(labelsOf(dump('登录', 'GBK')), ['登录']);
    assert.deepEqual(labelsOf(`\uFEFF${dump('Émile', 'windows-1251')}`), ['Émile']);
  });
});

describe('what the capturing tools write around a dump', () => {
  it('reads `adb exec-out uiautomator dump /dev/tty` with its trailing message', () => {
    assert.deepEqual(labelsOf(`${dump('Home')}UI hierchary dumped to: /dev/tty\n`), ['Home']);
    assert.deepEqual(labelsOf(utf8(`${dump('Home')}\r\nUI hierarchy dumped to: /dev/tty\r\n`)), ['Home']);
  });

  it('keeps a label that quotes the trailing message (a terminal on screen), in a dump on one line', () => {
    const quoted = 'adb: UI hierchary dumped to: /sdcard/ui.xml';
    assert.deepEqual(labelsOf(dump(quoted)), [quoted]);
  });

  it("reads a dump after the old linker's warnings that `adb shell` mixes in", () => {
    const saved = `WARNING: linker: /system/bin/app_process has text relocations.\nWARNING: linker: libdvm.so: unused DT entry\n${dump('Home')}`;
    assert.deepEqual(labelsOf(saved), ['Home']);
    assert.deepEqual(labelsOf(`\n${dump('Home')}`), ['Home'], 'a stray newline before the declaration');
  });

  it('places a break in a dump with a trailer in the file as saved', () => {
    const broken = `${dump('Home').replace('</hierarchy>', '\n</hierarch>')}UI hierchary dumped to: /dev/tty\n`;
    const err = invalidArgs(() => importScreen(broken));
    assert.equal(err.options.details?.line, 2);
  });

  it("a dump that saved uiautomator's error instead of a tree is INVALID_ARGS quoting it, at its place", () => {
    const err = invalidArgs(() => importScreen(utf8('ERROR: could not get idle state.\n')));
    assert.match(err.message, /error, not a tree: ERROR: could not get idle state\./);
    assert.deepEqual([err.options.details?.line, err.options.details?.column], [1, 1]);
  });

  it("reads the page source inside a WebDriver answer saved from Appium's /source", () => {
    const answer = JSON.stringify({ sessionId: 'e9087046', value: dump('Home').replace('><node', '>\r\n  <node') });
    assert.deepEqual(labelsOf(utf8(answer)), ['Home']);
    const broken = JSON.stringify({ value: dump('Home').replace('</hierarchy>', '\n</hierarch>') });
    const err = invalidArgs(() => importScreen(broken));
    assert.deepEqual([err.options.details?.format, err.options.details?.line], ['android-xml', 2]);
    const wdaRoot = JSON.stringify({ type: 'XCUIElementTypeApplication', value: '<Back', rect: { x: 0, y: 0, width: 390, height: 844 }, children: [] });
    assert.equal(importScreen(wdaRoot).root.value, '<Back', "a WDA element's own value is not a page source");
  });

  it('unknown chatter ahead of a dump is INVALID_ARGS quoting it, at its place, with the line where the tree starts', () => {
    const err = invalidArgs(() => importScreen(`\nKilled\nsome noise\n${dump('Home')}`));
    assert.match(err.message, /it begins "Killed"; something like a tree starts at line 4/);
    assert.deepEqual([err.options.details?.line, err.options.details?.column, err.options.details?.offset], [2, 1, 1]);
  });

  it('garbage bytes, in any encoding, are INVALID_ARGS with a position', () => {
    const png = invalidArgs(() => importScreen(hex('89504e470d0a1a0a0000000d49484452')));
    assert.match(png.message, /binary data, not text/);
    assert.equal(png.options.details?.line, 1);
    const cut = utf16(dump('Home').slice(0, 150), 'le', true);
    const err = invalidArgs(() => importScreen(cut));
    assert.equal(err.options.details?.line, 1);
    assert.equal(typeof err.options.details?.column, 'number');
  });
});
