import { Command } from 'commander';
import { withDeviceOption, type LabOptions } from './context.js';
import { sendAction } from './send-action.js';

/** Verbs only web devices have; they live under `simlab web` so the top level stays cross-platform. */
export function webCommand(): Command {
  const web = new Command('web').description('web-device-only verbs (see `simlab web --help`)');
  web.addCommand(
    withDeviceOption(new Command('open'))
      .description('open a URL in the web device')
      .argument('<url>', 'http(s) URL')
      .action((url: string, options: LabOptions) => sendAction('web.open', { url }, options)),
  );
  web.addCommand(
    withDeviceOption(new Command('orientation'))
      .description('turn the web device: portrait or landscape')
      .argument('<orientation>', 'portrait | landscape')
      .action((orientation: string, options: LabOptions) => sendAction('web.orientation', { orientation }, options)),
  );
  return web;
}
