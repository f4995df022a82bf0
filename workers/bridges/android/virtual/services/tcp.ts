// `tcp:PORT`: what `adb forward tcp:X tcp:PORT` opens on the device, a byte pipe to whatever
// listens on that device port (here: a loopback port of the host serving it).
import { connect } from 'node:net';
import type { AdbStream } from '../stream.js';

export function runTcpService(hostPort: number, stream: AdbStream): void {
  const socket = connect(hostPort, '127.0.0.1');
  socket.on('data', (chunk: Buffer) => {
    socket.pause();
    void stream.write(chunk).then(() => socket.resume());
  });
  socket.on('close', () => void stream.end());
  socket.on('error', () => stream.close());
  stream.signal.addEventListener('abort', () => socket.destroy(), { once: true });
  void (async () => {
    for (;;) {
      const chunk = await stream.reader.readAvailable();
      if (!chunk) break;
      socket.write(chunk);
    }
    socket.end();
  })();
}
