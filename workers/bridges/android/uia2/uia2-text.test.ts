// Text through the UiAutomator2 server on a virtual phone (no `sendevent`): any Unicode arrives in
// the focused field, Enter and Tab are key codes, and `input text` is the fallback where the
// server has no focused field to type into.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceSession } from '../../../session/device-session.js';
import { errorOf } from '../../../session/test-support/envelopes.js';
import { labForSuite } from '../test-support/lab.js';
import { GMAIL_GRAPH } from '../virtual/index.js';
import { uia2TextPieces } from './uia2-parts.js';
import { withoutFixtures } from '../../../../test/support/fixtures.js';

const PHONE = { sendeventAllowed: false } as const;

describe('text pieces for the UiAutomator2 server', () => {
  it('sends Enter and Tab as key codes and never ends a piece in a backslash and n', () => {
    assert.deepEqual(uia2TextPieces('héllo\nwörld\tC:\\n'), [{ text: 'héllo' }, { keycode: 66 }, { text: 'wörld' }, { keycode: 61 }, { text: 'C:\\' }, { text: 'n' }]);
    assert.deepEqual(uia2TextPieces(''), []);
    assert.deepEqual(uia2TextPieces('\n\n'), [{ keycode: 66 }, { keycode: 66 }]);
  });
});

describe('typing through the UiAutomator2 server on a phone', { skip: withoutFixtures() }, () => {
  const lab = labForSuite();

  it('types Unicode and emoji into the focused field, Enter as a key, without `input text`', async () => {
    const { vd, device } = await lab().open({ ...PHONE, graph: GMAIL_GRAPH });
    const field = () => vd.device.graph.focusedEditText()?.text ?? '';
    const before = field();
    await device.type("naïve 日本語 😀 it's 50%s off\nnext");
    assert.equal(field(), `${before}naïve 日本語 😀 it's 50%s offnext`);
    assert.deepEqual(
      vd.device.inputEvents.filter((e) => e.kind === 'key').map((e) => (e as { name: string }).name),
      ['KEYCODE_ENTER'],
    );
    assert.equal(vd.device.uia2.requests.filter((r) => /^POST \/session\/[^/]+\/keys$/.test(r)).length, 2);
    assert.equal(vd.device.commands.filter((c) => c.argv[0] === 'input' && c.argv[1] === 'text').length, 0, 'no `input text`');
  });

  it('starts a killed server again before typing', async () => {
    const { vd, device } = await lab().open({ ...PHONE, graph: GMAIL_GRAPH });
    vd.device.killUia2();
    // The instrumentation's end reaches the worker within milliseconds; a request racing it is delivery_uncertain (the e2e covers that).
    await sleep(300);
    await device.type('Grüße');
    assert.match(vd.device.graph.focusedEditText()?.text ?? '', /Grüße$/);
  });

  it('with no focused field: ASCII falls back to `input text`, other text is refused (INVALID_ARGS) and nothing is sent', async () => {
    const { vd, device } = await lab().open(PHONE);
    assert.equal(vd.device.graph.focusedEditText(), null);
    await device.type('wifi');
    assert.deepEqual(vd.device.typedText, ['wifi']);
    const session = new DeviceSession(device);
    const err = errorOf(await session.execute('type', { text: 'café' }));
    assert.equal(err.code, 'INVALID_ARGS');
    assert.equal(err.disposition.delivery, 'not_delivered');
    assert.deepEqual(vd.device.typedText, ['wifi']);
    await session.close();
  });
});
