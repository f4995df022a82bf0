// What the UiAutomator2 server gives an Android device: the tree from its page source (no
// `uiautomator dump` per observation) and touches as W3C pointer actions (several fingers on
// phones that refuse `sendevent`), on the gesture timeline's clock, and text of any script.
import type { TouchTimeline } from '../../../../core/gestures/timeline.js';
import { w3cPointerActions } from '../../../../core/gestures/w3c-actions.js';
import { SimlabError } from '../../../../core/contract/index.js';
import type { PointerInput, TextInput } from '../android-device.js';
import type { TreeSource } from '../tree-source.js';
import type { Uia2Server } from './uia2-server.js';

export class Uia2TreeSource implements TreeSource {
  readonly name = 'uiautomator2-server';

  constructor(private readonly server: Uia2Server) {}

  async dump(): Promise<string> {
    return (await this.server.request<{ value: string }>('GET', '/source')).value;
  }
}

export class Uia2PointerInput implements PointerInput {
  readonly name = 'uiautomator2-server W3C actions';

  constructor(private readonly server: Uia2Server) {}

  async perform(timeline: TouchTimeline, pxPerPoint: number): Promise<void> {
    await this.server.request('POST', '/actions', { actions: w3cPointerActions(timeline, pxPerPoint) });
  }
}

/** Android key codes the server presses between text pieces: the keyboard's Enter and Tab. */
const KEY_OF_CONTROL: Record<string, number> = { '\n': 66, '\t': 61 };

/**
 * The pieces to send for `text`: runs of text (set through the focused field's accessibility
 * node, so any Unicode arrives) and Enter/Tab key codes. The server reads a piece ending in a
 * backslash and `n` as "then press Enter", so such a piece sends its last `n` on its own.
 */
export function uia2TextPieces(text: string): Array<{ text: string } | { keycode: number }> {
  const pieces: Array<{ text: string } | { keycode: number }> = [];
  for (const part of text.split(/([\n\t])/)) {
    const keycode = KEY_OF_CONTROL[part];
    if (keycode !== undefined) pieces.push({ keycode });
    else if (part.endsWith('\\n')) pieces.push({ text: part.slice(0, -1) }, { text: 'n' });
    else if (part) pieces.push({ text: part });
  }
  return pieces;
}

/** Typing through the server: appends to the focused field (its `keys` endpoint), any Unicode. */
export class Uia2TextInput implements TextInput {
  readonly name = 'uiautomator2-server keys';

  constructor(private readonly server: Uia2Server) {}

  async type(text: string): Promise<void> {
    let sent = 0;
    try {
      for (const piece of uia2TextPieces(text)) {
        if ('keycode' in piece) await this.server.request('POST', '/appium/device/press_keycode', { keycode: piece.keycode });
        else await this.server.request('POST', '/keys', { text: piece.text, replace: false });
        sent++;
      }
    } catch (err) {
      if (err instanceof SimlabError && err.options.details?.error === 'no such element' && sent === 0) {
        // Refused before anything was typed, as bad input is: nothing reached the device.
        throw new SimlabError('INVALID_ARGS', 'no text field has the focus, so the UiAutomator2 server has nowhere to type', {
          hint: 'tap a text field first, or give type a target',
          details: { focused: null },
        });
      }
      if (sent > 0 && err instanceof SimlabError && err.options.delivery === 'not_delivered') throw err.withDelivery('delivery_uncertain');
      throw err;
    }
  }
}
