import { Argument, type Command } from 'commander';
import type { LabOptions } from './context.js';
import { platformVerbGroup } from './platform-verbs.js';
import { sendAction } from './send-action.js';

/** Verbs only iOS simulators have; they live under `simlab ios` so the top level stays cross-platform. */
export function iosCommand(): Command {
  const { group, verb } = platformVerbGroup('ios', 'iOS-simulator-only verbs (see `simlab ios --help`)');
  verb('launch', 'launch an app by bundle id (restarting it if it runs)')
    .argument('<bundleId>', 'e.g. com.apple.Preferences')
    .action((bundleId: string, o: LabOptions) => sendAction('ios.launch', { bundleId }, o));
  verb('terminate', 'stop an app by bundle id')
    .argument('<bundleId>', 'e.g. com.example.app')
    .action((bundleId: string, o: LabOptions) => sendAction('ios.terminate', { bundleId }, o));
  verb('open-url', 'open a web URL or an app deep link')
    .argument('<url>', 'https://... or myapp://...')
    .action((url: string, o: LabOptions) => sendAction('ios.open-url', { url }, o));
  verb('appearance', 'switch the simulator to light or dark mode')
    .addArgument(new Argument('<mode>').choices(['light', 'dark']))
    .action((mode: string, o: LabOptions) => sendAction('ios.appearance', { mode }, o));
  verb('status-bar', 'a clean status bar for screenshots (9:41, full bars), or the real one back')
    .addArgument(new Argument('<state>', 'clean (9:41, full bars) or real').choices(['clean', 'real']))
    .action((state: string, o: LabOptions) => sendAction('ios.status-bar', { clean: state === 'clean' }, o));
  verb('install', "install an .app bundle from the host's apps folder (SIMLAB_IOS_APPS_DIR), by name")
    .argument('<app>', 'e.g. Demo.app')
    .action((app: string, o: LabOptions) => sendAction('ios.install', { app }, o));
  verb('erase', 'shut the simulator down, erase all its content and settings, and boot it again').action((o: LabOptions) => sendAction('ios.erase', {}, o));
  return group;
}
