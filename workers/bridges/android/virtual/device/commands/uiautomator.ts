// `uiautomator dump [--compressed] [file]`: writes the current screen's tree and prints the
// real tool's message (typo included); injected failures print the tool's real errors.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CommandHandler } from '../sh-run.js';
import { DUMP_FAILURE_MESSAGES, type DeviceParts } from '../device-parts.js';
import { normalizePath } from '../fs.js';
import { serializeDump } from '../../ui-tree.js';

export const DEFAULT_DUMP_PATH = '/sdcard/window_dump.xml';

export function uiautomatorCommands(device: DeviceParts): Record<string, CommandHandler> {
  return {
    uiautomator: async (argv, io) => {
      if (argv[1] !== 'dump') {
        await io.stderr.write('Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\nruntest: executes UI automation tests\n\ndump: creates an XML dump of current UI hierarchy\n\nevents: prints out accessibility events until terminated\n');
        return 1;
      }
      const file = argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_DUMP_PATH;
      try {
        if (device.config.dumpDelayMs > 0) await sleep(device.config.dumpDelayMs, undefined, { signal: io.signal });
        // Like the real tool: wait for idle, up to its limit.
        const giveUp = device.now() + device.config.idleTimeoutMs;
        for (let left = device.animationRemaining(); left > 0 && device.now() < giveUp; left = device.animationRemaining()) {
          await sleep(Math.min(left, giveUp - device.now()) + 1, undefined, { signal: io.signal });
        }
      } catch {
        return 130;
      }
      const failure = device.animationRemaining() > 0 ? 'idle' : device.dumpFailures.shift();
      if (failure) {
        await io.stderr.write(`${DUMP_FAILURE_MESSAGES[failure]}\n`);
        return 0;
      }
      const xml = serializeDump(device.graph.tree);
      if (file === '/dev/tty' || file === '/dev/stdout') {
        await io.stdout.write(xml);
      } else {
        const path = normalizePath(file, io.cwd);
        try {
          device.fs.writeFile(path, Buffer.from(xml, 'utf8'));
        } catch {
          await io.stderr.write(`ERROR: could not write dump to ${path}\n`);
          return 0;
        }
      }
      await io.stdout.write(`UI hierchary dumped to: ${file}\n`);
      return 0;
    },
  };
}
