import { SimlabError } from '../../../core/contract/index.js';
import { explainToolFailure, type ToolFailure } from './run-tool.js';

/**
 * What simctl's failures mean for a caller, from the messages it prints (the shapes are in
 * testdata/simctl, as real runs printed them): a device that is gone or shut down is
 * DEVICE_UNAVAILABLE with the command that fixes it; a verb the installed Xcode lacks is
 * UNSUPPORTED.
 */
export function explainSimctlFailure(f: ToolFailure): SimlabError {
  const text = f.stderr;
  const udid = f.args.find((a) => /^[0-9A-F]{8}-[0-9A-F]{4}-/i.test(a));
  const details = { tool: 'simctl', verb: f.args[1], exit: f.exitCode, stderr: text.trim().slice(0, 500) };
  if (/Invalid device( or device pair)?:/.test(text)) {
    return new SimlabError('DEVICE_UNAVAILABLE', `no simulator ${udid ?? ''} on this host`.replace('  ', ' '), {
      hint: 'list the simulators with `xcrun simctl list devices`; it may have been deleted',
      details,
    });
  }
  if (/current state: Shutdown/.test(text)) {
    return new SimlabError('DEVICE_UNAVAILABLE', `the simulator ${udid ?? ''} is shut down`.replace('  ', ' '), {
      hint: `boot it: \`xcrun simctl boot ${udid ?? '<udid>'}\` (or the ios.boot verb)`,
      details,
    });
  }
  if (/Unrecognized subcommand|Unknown subcommand|is not a valid subcommand/i.test(text)) {
    return new SimlabError('UNSUPPORTED', `this Xcode's simctl has no \`${f.args[1] ?? ''}\``, { hint: 'update Xcode', details });
  }
  if (/NSPOSIXErrorDomain, code=60|launchd failed to respond|Operation timed out/.test(text)) {
    return new SimlabError('DEVICE_UNAVAILABLE', 'the simulator did not come up (launchd_sim timed out)', {
      hint: 'shut it down, then `rm -rf ~/Library/Developer/CoreSimulator/Caches` and boot it again',
      details,
    });
  }
  return explainToolFailure(f);
}

/** `simctl boot` of a device that is already up: not a failure for a caller who wants it booted. */
export function isAlreadyBooted(error: unknown): boolean {
  return error instanceof SimlabError && /current state: Booted/.test(String((error.options.details as { stderr?: string } | undefined)?.stderr ?? error.message));
}
