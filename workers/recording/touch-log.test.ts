import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tap } from '../../core/gestures/index.js';
import { admitTimeline } from '../../core/wire/admitted-timeline.js';
import type { AdmittedTimeline } from '../../core/wire/admitted-timeline.js';
import type { DeviceBridge, PerformOptions } from '../bridge.js';
import { MemoryBridge } from '../session/test-support/memory-bridge.js';
import { TouchLog } from './touch-log.js';

describe('TouchLog', () => {
  it('notes every perform and hands the bridge its options (the abort signal of a command given up)', async () => {
    const bridge = new MemoryBridge();
    const passed: Array<PerformOptions | undefined> = [];
    const perform = bridge.perform.bind(bridge);
    const seeing: DeviceBridge = bridge;
    seeing.perform = (timeline: AdmittedTimeline, options?: PerformOptions) => {
      passed.push(options);
      return perform(timeline);
    };
    const log = new TouchLog();
    const wrapped = log.wrap(bridge);
    const controller = new AbortController();
    const from = Date.now();
    await wrapped.perform(admitTimeline(tap({ x: 20, y: 30 }), bridge.info.size), { signal: controller.signal });
    assert.equal(passed[0]?.signal, controller.signal);
    assert.equal(bridge.performed.length, 1);
    const noted = log.between(from, Date.now());
    assert.equal(noted.length, 1);
    assert.deepEqual(noted[0]?.timeline, tap({ x: 20, y: 30 }));
  });
});
