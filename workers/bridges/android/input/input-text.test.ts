// Text typed through the real adb server arrives exactly, or is refused as UNSUPPORTED before
// anything is sent; never a shell injection, never a different string.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { SimlabError } from '../../../../core/contract/index.js';
import { inputTextArgs, inputTextCommands, shQuote } from './input-text.js';
import { startAndroidLab, type AndroidLab } from '../test-support/lab.js';
import { decodeInputText } from '../virtual/index.js';
import type { AndroidDevice } from '../android-device.js';
import type { VirtualDevice } from '../virtual/index.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

const HOSTILE = [..."'\"` ;&|$()\\<>*?[]{}~#!=%s\n\t", '%s', '$(reboot)', '`id`', "'; rm -rf / #", 'é', '日本', '😀', '\r', '\u0000', 'a', 'Z', '0'];

describe('input text escaping', () => {
  it('each part decodes, as Android decodes it, to its share of the text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...HOSTILE.filter((c) => /^[\x20-\x7e\t\n]*$/.test(c)))).map((a) => a.join('')), (text) => {
        assert.equal(inputTextArgs(text).map(decodeInputText).join(''), text);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes for sh with single quotes only', () => {
    assert.equal(shQuote("it's"), `'it'\\''s'`);
    assert.deepEqual(inputTextArgs('50%s off'), ['50%', 's%soff']);
    const long = 'a b'.repeat(1000);
    const lines = inputTextCommands(long);
    assert.ok(lines.every((l) => Buffer.byteLength(l) < 4000), 'every command line fits an old device\'s payload');
    assert.equal(inputTextArgs(long).map(decodeInputText).join(''), long);
    assert.throws(() => inputTextArgs('café'), (err: unknown) => err instanceof SimlabError && err.code === 'UNSUPPORTED' && /U\+00E9/.test(err.message));
  });
});

describe('typing random hostile text through adb into the virtual device', { skip: withoutFixtures() }, () => {
  let lab: AndroidLab;
  let vd: VirtualDevice;
  let device: AndroidDevice;

  before(async () => {
    lab = await startAndroidLab();
    ({ vd, device } = await lab.open());
  });
  after(async () => {
    await lab?.close();
  });

  it('arrives exactly or answers UNSUPPORTED, and the device shell runs nothing but `input text`', async () => {
    let typed = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...HOSTILE), { maxLength: 12 }).map((a) => a.join('')), async (text) => {
        const texts = vd.device.typedText.length;
        const commands = vd.device.commands.length;
        const outcome = await device.type(text).then(() => null, (err: unknown) => err);
        const ran = vd.device.commands.slice(commands).map((c) => c.argv);
        for (const argv of ran) assert.deepEqual(argv.slice(0, 2), ['input', 'text'], `an injected command ran: ${JSON.stringify(argv)}`);
        if (outcome === null) {
          typed++;
          assert.equal(vd.device.typedText.slice(texts).join(''), text);
          assert.equal(ran.length, inputTextArgs(text).length);
        } else {
          refused++;
          assert.ok(outcome instanceof SimlabError && outcome.code === 'UNSUPPORTED', String(outcome));
          assert.equal(ran.length, 0, 'nothing is sent for text that cannot be carried');
          assert.equal(vd.device.typedText.length, texts);
        }
      }),
      { numRuns: 100 },
    );
    assert.ok(typed > 10 && refused > 10, `typed ${typed}, refused ${refused}`);
  });

  it('types a long text in bounded command lines, exactly', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `w${i}% s'"$;`).join(' ');
    const texts = vd.device.typedText.length;
    const lines = vd.device.commandLines.length;
    await device.type(long);
    assert.equal(vd.device.typedText.slice(texts).join(''), long);
    assert.equal(vd.device.commandLines.length - lines, inputTextCommands(long).length);
    assert.ok(inputTextCommands(long).length > 1);
  });
});
