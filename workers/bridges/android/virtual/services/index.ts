// Which service runs behind an OPEN.
import type { AdbStream } from '../stream.js';
import type { VirtualAndroid } from '../device/device.js';
import { parseShellService, runShellService } from './shell.js';
import { runSyncService } from './sync.js';
import { runTcpService } from './tcp.js';

export function resolveService(device: VirtualAndroid, service: string): ((stream: AdbStream) => void) | null {
  if (service === 'sync:') return (stream) => runSyncService(device.fs, stream);
  const tcp = /^tcp:(\d+)$/.exec(service);
  if (tcp) {
    const hostPort = device.tcpPorts.get(Number(tcp[1]));
    return hostPort === undefined ? null : (stream) => runTcpService(hostPort, stream);
  }
  const shell = parseShellService(service);
  if (shell) return (stream) => runShellService(device, shell, stream);
  return null;
}
