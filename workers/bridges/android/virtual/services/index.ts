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
  const abstract = /^localabstract:(.+)$/.exec(service);
  if (abstract) {
    // Nothing listening on the name: the connection is refused (CLSE), as adbd does.
    const listener = device.abstractSockets.get(abstract[1] as string);
    return listener ? (stream) => listener({ write: (data) => stream.write(data), close: () => stream.close(), signal: stream.signal }) : null;
  }
  const shell = parseShellService(service);
  if (shell) return (stream) => runShellService(device, shell, stream);
  return null;
}
