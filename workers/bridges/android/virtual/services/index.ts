// Which service runs behind an OPEN.
import type { AdbStream } from '../stream.js';
import type { VirtualAndroid } from '../device/device.js';
import { parseShellService, runShellService } from './shell.js';
import { runSyncService } from './sync.js';

export function resolveService(device: VirtualAndroid, service: string): ((stream: AdbStream) => void) | null {
  if (service === 'sync:') return (stream) => runSyncService(device.fs, stream);
  const shell = parseShellService(service);
  if (shell) return (stream) => runShellService(device, shell, stream);
  return null;
}
