import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { SimlabError } from '../../../core/contract/index.js';
import { importScreen } from '../../../core/importers/index.js';
import { HelperClient } from './helper/helper-client.js';
import { IosDevice } from './ios-device.js';
import type { Simctl, Simulator } from './simctl.js';
import type { UiTool } from './ui-tool.js';

export interface OpenIosDeviceOptions {
  id: string;
  simulator: Simulator;
  simctl: Simctl;
  tool: UiTool;
  /** The native helper's binary; absent or missing file: one-finger input through the tool. */
  helperPath?: string;
  appsDir?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Opens a booted simulator: its size in points from the accessibility tree's application
 * frame, its pixels per point from one real screenshot (so no table of models is needed),
 * and the native helper when it is built.
 */
export async function openIosDevice(o: OpenIosDeviceOptions): Promise<IosDevice> {
  const screen = importScreen(await o.tool.describeAll(o.simulator.udid), { format: 'idb-json' });
  const size = { w: screen.root.frame.x + screen.root.frame.w, h: screen.root.frame.y + screen.root.frame.h };
  const png = await o.simctl.screenshot(o.simulator.udid);
  const width = (await sharp(png).metadata()).width ?? 0;
  if (!(width > 0)) throw new SimlabError('DEVICE_UNAVAILABLE', `the screenshot of ${o.simulator.name} has no width`);
  const scale = Math.round((width / size.w) * 100) / 100;

  let helper: { client: HelperClient; multiTouch: boolean; name: string } | undefined;
  let helperMissing: string | undefined;
  if (!o.helperPath) helperMissing = 'SIMLAB_IOS_HELPER is not set and native/ios is not built';
  else if (!existsSync(o.helperPath)) helperMissing = `${o.helperPath} does not exist (build it: swift build -c release --package-path native/ios)`;
  else {
    try {
      const started = await HelperClient.start(o.helperPath, o.simulator.udid, o.env);
      helper = { client: started.client, multiTouch: started.hello.multiTouch, name: started.hello.helper };
    } catch (err) {
      helperMissing = `the helper did not start: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return new IosDevice({
    id: o.id,
    simulator: o.simulator,
    simctl: o.simctl,
    tool: o.tool,
    size,
    scale,
    ...(helper ? { helper } : {}),
    ...(helperMissing ? { helperMissing } : {}),
    ...(o.appsDir ? { appsDir: o.appsDir } : {}),
  });
}
