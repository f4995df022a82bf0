import { Argument, type Command } from 'commander';
import type { LabOptions } from './context.js';
import { platformVerbGroup } from './platform-verbs.js';
import { sendAction } from './send-action.js';

/** Verbs only Android devices have; they live under `simlab android` so the top level stays cross-platform. */
export function androidCommand(): Command {
  const { group, verb } = platformVerbGroup('android', 'Android-only verbs (see `simlab android --help`)');
  verb('rotate', 'lock auto-rotation and turn the screen (degrees clockwise)')
    .addArgument(new Argument('<degrees>').choices(['0', '90', '180', '270']))
    .action((degrees: string, o: LabOptions) => sendAction('android.rotate', { degrees: Number(degrees) }, o));
  verb('health', 'battery level, charging, temperature and screen state').action((o: LabOptions) => sendAction('android.health', {}, o));
  verb('uninstall-helpers', 'remove the UiAutomator2 server the lab installed on the device').action((o: LabOptions) => sendAction('android.uninstall-helpers', {}, o));
  return group;
}
