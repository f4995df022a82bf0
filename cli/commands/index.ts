import type { Command } from 'commander';
import { actionCommands } from './actions.js';
import { batchCommand } from './batch.js';
import { devicesCommand } from './devices.js';
import { doctorCommand } from './doctor.js';
import { agentGuide } from './help-agent.js';
import { leaseCommand, releaseCommand } from './lease.js';
import { logCommand } from './log.js';
import { mcpCommand } from './mcp.js';
import { appStateCommand, screenshotCommand, uiCommand } from './observe.js';
import { recordCommand } from './record.js';
import { evidenceCommand } from './evidence.js';
import { flowCommand } from './flow.js';
import { clipCommand } from './clip.js';
import { tokenCommand } from './token.js';
import { androidCommand } from './android.js';
import { iosCommand } from './ios.js';
import { webCommand } from './web.js';

/**
 * Adds the lab's commands (a thin client of /api/v1) to the simlab program. The top level
 * holds only commands that work on every platform; platform verbs live under `simlab web`.
 */
export function registerLabCommands(program: Command): void {
  for (const command of [devicesCommand(), leaseCommand(), releaseCommand(), uiCommand(), ...actionCommands(), batchCommand(), screenshotCommand(), appStateCommand(), logCommand(), mcpCommand(), recordCommand(), evidenceCommand(), flowCommand(), clipCommand(), webCommand(), iosCommand(), androidCommand(), tokenCommand(), doctorCommand()]) {
    program.addCommand(command);
  }
  program.helpCommand(false);
  program
    .command('help')
    .description('help for a command, or `simlab help agent` for the agent guide')
    .argument('[topic]', 'a command name, or "agent"')
    .action((topic: string | undefined) => {
      if (topic === 'agent') {
        process.stdout.write(agentGuide(program.version() ?? 'unknown'));
        return;
      }
      const command = topic === undefined ? undefined : program.commands.find((c) => c.name() === topic);
      if (topic !== undefined && !command) {
        process.stderr.write(`no command "${topic}"; try \`simlab --help\` or \`simlab help agent\`\n`);
        process.exitCode = 2;
        return;
      }
      (command ?? program).outputHelp();
    });
}
