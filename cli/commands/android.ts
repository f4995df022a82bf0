import { Argument, Command } from 'commander';
import { withDeviceOption, type LabOptions } from './context.js';
import { sendAction } from './send-action.js';

/** Verbs only Android devices have; they live under `simlab android` so the top level stays cross-platform. */
export function androidCommand(): Command {
  const android = new Command('android').description('Android-only verbs (see `simlab android --help`)');
  const verb = (name: string, description: string): Command => {
    const command = withDeviceOption(new Command(name)).description(description);
    android.addCommand(command);
    return command;
  };
  verb('rotate', 'lock auto-rotation and turn the screen (degrees clockwise)')
    .addArgument(new Argument('<degrees>').choices(['0', '90', '180', '270']))
    .action((degrees: string, o: LabOptions) => sendAction('android.rotate', { degrees: Number(degrees) }, o));
  verb('health', 'battery level, charging, temperature and screen state').action((o: LabOptions) => sendAction('android.health', {}, o));
  verb('uninstall-helpers', 'remove the UiAutomator2 server the lab installed on the device').action((o: LabOptions) => sendAction('android.uninstall-helpers', {}, o));
  return android;
}
