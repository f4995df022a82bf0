import { Command } from 'commander';
import { withDeviceOption } from './context.js';

/**
 * A `simlab <platform>` group of platform-only verbs (`simlab ios launch`), so the top level
 * stays cross-platform. `verb` adds one subcommand with the device option and returns it.
 */
export function platformVerbGroup(platform: string, description: string): { group: Command; verb: (name: string, description: string) => Command } {
  const group = new Command(platform).description(description);
  const verb = (name: string, text: string): Command => {
    const command = withDeviceOption(new Command(name)).description(text);
    group.addCommand(command);
    return command;
  };
  return { group, verb };
}
