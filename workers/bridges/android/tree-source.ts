// Where the UI tree comes from. `uiautomator dump` is what every device has; a faster
// on-device helper (the UiAutomator2 server, reached through `adb forward`) would be another
// TreeSource answering the same android-xml text.
import { setTimeout as sleep } from 'node:timers/promises';
import { SimlabError } from '../../../core/contract/index.js';
import type { AdbDevice } from './adb/adb-device.js';

export interface TreeSource {
  readonly name: string;
  /** The current window hierarchy as `uiautomator dump` XML. */
  dump(): Promise<string>;
}

/** uiautomator's failures that a later attempt usually gets past. */
const TRANSIENT = [/could not get idle state/i, /null root node/i];

export interface UiautomatorOptions {
  /** Attempts before giving up (default 4). */
  attempts?: number;
  /** Pause between attempts, doubled each time (default 200 ms). */
  backoffMs?: number;
  /** Where the dump is written on the device. */
  path?: string;
}

export class UiautomatorTreeSource implements TreeSource {
  readonly name = 'uiautomator';
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly path: string;

  constructor(
    private readonly adb: AdbDevice,
    options: UiautomatorOptions = {},
  ) {
    this.attempts = options.attempts ?? 4;
    this.backoffMs = options.backoffMs ?? 200;
    this.path = options.path ?? '/data/local/tmp/simlab_window_dump.xml';
  }

  async dump(): Promise<string> {
    const failures: string[] = [];
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      if (attempt > 0) await sleep(this.backoffMs * 2 ** (attempt - 1));
      // uiautomator reports its own failures on stdout or stderr with status 0.
      const r = await this.adb.run(`uiautomator dump ${this.path}`);
      const said = `${r.stdout.toString('utf8')}${r.stderr.toString('utf8')}`.trim();
      if (/UI hie\w+ dumped to/.test(said)) {
        const xml = (await this.adb.exec(`cat ${this.path}`)).toString('utf8');
        if (xml.includes('<hierarchy')) return xml;
        failures.push(`the dump file holds no hierarchy (${xml.slice(0, 80)})`);
        continue;
      }
      failures.push(said || `uiautomator exited with status ${r.code} and no message`);
      if (!TRANSIENT.some((re) => re.test(said))) break;
    }
    const last = failures[failures.length - 1] ?? '';
    const transient = TRANSIENT.some((re) => re.test(last));
    throw new SimlabError(transient ? 'APP_UNRESPONSIVE' : 'DEVICE_UNAVAILABLE', `uiautomator dump failed ${failures.length} time(s): ${last}`, {
      delivery: 'not_delivered',
      hint: transient
        ? 'the screen kept animating or the app was not ready: wait and observe again'
        : 'uiautomator cannot read this screen: check the device (`adb shell uiautomator dump`)',
      details: { serial: this.adb.serial, failures },
    });
  }
}
