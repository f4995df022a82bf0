// One device behind the adb server, through adbkit: shell commands with their exit status
// (shell v2 where the device offers it), `exec:` byte streams, and every failure classified by
// whether the command could have reached the device.
import type { Duplex } from 'node:stream';
import { SimlabError } from '../../../../core/contract/index.js';
import type { Delivery } from '../../../../core/contract/index.js';
import type { AdbClient, AdbConnection } from './adbkit.js';
import { ShellV2Decoder } from './shell-v2.js';

export interface CommandResult {
  stdout: Buffer;
  stderr: Buffer;
  code: number;
}

export interface RunOptions {
  /** Give up (and close the stream) after this long: TIMEOUT, delivery uncertain. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** v1 shells report no status: the command line ends by printing it after this marker. */
const V1_STATUS_MARKER = ':simlab-status:';

function encodeRequest(service: string): Buffer {
  const body = Buffer.from(service, 'utf8');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'ascii'), body]);
}

const causeOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function deviceUnavailable(serial: string, delivery: Delivery, cause: string): SimlabError {
  return new SimlabError('DEVICE_UNAVAILABLE', `the Android device ${serial} is not reachable (${cause})`, {
    delivery,
    hint: 'check `adb devices`: the device may be offline, unauthorized or unplugged',
    details: { serial, cause },
  });
}

export class AdbDevice {
  private featureSet: Promise<Set<string>> | undefined;

  constructor(
    readonly client: AdbClient,
    readonly serial: string,
  ) {}

  /** The transport features the device announced (shell_v2, cmd, stat_v2, ...). */
  features(): Promise<Set<string>> {
    this.featureSet ??= this.hostQuery(`host-serial:${this.serial}:features`).then(
      (text) => new Set(text.split(',').map((f) => f.trim()).filter(Boolean)),
      (err: unknown) => {
        this.featureSet = undefined;
        throw err;
      },
    );
    return this.featureSet;
  }

  /** Runs a command line in the device's shell; resolves with its output and exit status. */
  async run(command: string, options: RunOptions = {}): Promise<CommandResult> {
    const v2 = (await this.features()).has('shell_v2');
    const service = v2 ? `shell,v2,raw:${command}` : `shell:${command}; echo "${V1_STATUS_MARKER}$?"`;
    const bytes = await this.collect(service, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (v2) {
      const decoder = new ShellV2Decoder();
      decoder.push(bytes);
      const decoded = decoder.result();
      if (decoded.code === null) throw deviceUnavailable(this.serial, 'delivery_uncertain', `the connection closed while \`${short(command)}\` ran`);
      return { stdout: decoded.stdout, stderr: decoded.stderr, code: decoded.code };
    }
    const text = bytes.toString('latin1');
    const at = text.lastIndexOf(V1_STATUS_MARKER);
    if (at < 0) throw deviceUnavailable(this.serial, 'delivery_uncertain', `the connection closed while \`${short(command)}\` ran`);
    return { stdout: bytes.subarray(0, at), stderr: Buffer.alloc(0), code: Number(text.slice(at + V1_STATUS_MARKER.length).trim()) };
  }

  /** `exec:` (what `adb exec-out` uses): the command's raw stdout bytes, binary-safe. */
  async exec(command: string, options: RunOptions = {}): Promise<Buffer> {
    return this.collect(`exec:${command}`, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** `exec:` as a live stream (screenrecord); destroying it stops the command on the device. */
  async execStream(command: string): Promise<Duplex> {
    return this.open(`exec:${command}`);
  }

  /** Opens a device service through `host:transport`; failures here reached nothing. */
  async open(service: string): Promise<Duplex> {
    let connection: AdbConnection;
    try {
      connection = await this.client.getDevice(this.serial).transport();
    } catch (err) {
      throw deviceUnavailable(this.serial, 'not_delivered', causeOf(err));
    }
    try {
      connection.write(encodeRequest(service));
      const reply = await connection.parser.readAscii(4);
      if (reply === 'FAIL') await connection.parser.readError();
      if (reply !== 'OKAY') throw new Error(`unexpected reply ${JSON.stringify(reply)} to ${service.split(':')[0]}`);
      return connection.parser.raw();
    } catch (err) {
      connection.end();
      throw deviceUnavailable(this.serial, 'not_delivered', causeOf(err));
    }
  }

  private async collect(service: string, timeoutMs: number): Promise<Buffer> {
    const stream = await this.open(service);
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stream.destroy();
    }, timeoutMs);
    try {
      for await (const chunk of stream) {
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (!timedOut) throw deviceUnavailable(this.serial, 'delivery_uncertain', causeOf(err));
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) {
      throw new SimlabError('TIMEOUT', `\`${short(service)}\` did not finish within ${timeoutMs} ms on ${this.serial}`, {
        delivery: 'delivery_uncertain',
        details: { serial: this.serial },
      });
    }
    return Buffer.concat(chunks);
  }

  private async hostQuery(service: string): Promise<string> {
    let connection: AdbConnection;
    try {
      connection = await this.client.connection();
    } catch (err) {
      throw deviceUnavailable(this.serial, 'not_delivered', `the adb server: ${causeOf(err)}`);
    }
    try {
      connection.write(encodeRequest(service));
      const reply = await connection.parser.readAscii(4);
      if (reply === 'FAIL') await connection.parser.readError();
      return (await connection.parser.readValue()).toString('utf8');
    } catch (err) {
      throw deviceUnavailable(this.serial, 'not_delivered', causeOf(err));
    } finally {
      connection.end();
    }
  }
}

function short(command: string): string {
  return command.length > 60 ? `${command.slice(0, 57)}...` : command;
}
