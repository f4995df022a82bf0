// What the UiAutomator2 server gives an Android device: the tree from its page source (no
// `uiautomator dump` per observation) and touches as W3C pointer actions (several fingers on
// phones that refuse `sendevent`), on the gesture timeline's clock.
import type { TouchTimeline } from '../../../../core/gestures/timeline.js';
import { w3cPointerActions } from '../../../../core/gestures/w3c-actions.js';
import type { PointerInput } from '../android-device.js';
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
