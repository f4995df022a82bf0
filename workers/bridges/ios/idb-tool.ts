import { SimlabError } from '../../../core/contract/index.js';
import type { Point } from '../../../core/model/index.js';
import { runTool } from './run-tool.js';
import { coord, seconds, type IosButton, type UiTool } from './ui-tool.js';

const TIMEOUT_MS = 20_000;

const BUTTONS: Record<IosButton, string> = { home: 'HOME', lock: 'LOCK', 'side-button': 'SIDE_BUTTON', siri: 'SIRI', 'apple-pay': 'APPLE_PAY' };

/** idb (fb-idb client with its companion): `idb ui ...` for accessibility and HID. */
export class IdbTool implements UiTool {
  readonly name = 'idb' as const;
  readonly keyCombos = false;

  constructor(
    private readonly binary = 'idb',
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private async run(args: string[], udid: string): Promise<string> {
    const r = await runTool(this.binary, ['ui', ...args, '--udid', udid], { timeoutMs: TIMEOUT_MS, env: this.env });
    return r.stdout.toString('utf8');
  }

  describeAll(udid: string): Promise<string> {
    return this.run(['describe-all', '--nested'], udid);
  }

  describePoint(udid: string, p: Point): Promise<string> {
    return this.run(['describe-point', String(Math.round(p.x)), String(Math.round(p.y))], udid);
  }

  async tap(udid: string, p: Point): Promise<void> {
    await this.run(['tap', coord(p.x), coord(p.y)], udid);
  }

  async swipe(udid: string, from: Point, to: Point, s: number): Promise<void> {
    await this.run(['swipe', coord(from.x), coord(from.y), coord(to.x), coord(to.y), '--duration', seconds(s * 1000)], udid);
  }

  async type(udid: string, text: string): Promise<void> {
    await this.run(['text', '--', text], udid);
  }

  async key(udid: string, usage: number, modifiers: number[]): Promise<void> {
    if (modifiers.length > 0) throw new SimlabError('UNSUPPORTED', 'idb presses keys one at a time; key combinations need AXe', { details: { capability: 'keys' } });
    await this.run(['key', String(usage)], udid);
  }

  async button(udid: string, button: IosButton): Promise<void> {
    await this.run(['button', BUTTONS[button]], udid);
  }
}
