import type { Point } from '../../../core/model/index.js';
import { runTool } from './run-tool.js';
import { coord, seconds, type IosButton, type UiTool } from './ui-tool.js';

const TIMEOUT_MS = 20_000;

/** AXe (github.com/cameroncooke/AXe): one binary, accessibility and HID for simulators. */
export class AxeTool implements UiTool {
  readonly name = 'axe' as const;
  readonly keyCombos = true;

  constructor(
    private readonly binary = 'axe',
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private async run(args: string[], udid: string, input?: string): Promise<string> {
    const r = await runTool(this.binary, [...args, '--udid', udid], { timeoutMs: TIMEOUT_MS, env: this.env, ...(input === undefined ? {} : { input }) });
    return r.stdout.toString('utf8');
  }

  describeAll(udid: string): Promise<string> {
    return this.run(['describe-ui'], udid);
  }

  describePoint(udid: string, p: Point): Promise<string> {
    return this.run(['describe-ui', '--point', `${Math.round(p.x)},${Math.round(p.y)}`], udid);
  }

  async tap(udid: string, p: Point): Promise<void> {
    await this.run(['tap', '-x', coord(p.x), '-y', coord(p.y)], udid);
  }

  async swipe(udid: string, from: Point, to: Point, s: number): Promise<void> {
    await this.run(['swipe', '--start-x', coord(from.x), '--start-y', coord(from.y), '--end-x', coord(to.x), '--end-y', coord(to.y), '--duration', seconds(s * 1000)], udid);
  }

  async touch(udid: string, p: Point, phase: 'down' | 'up'): Promise<void> {
    await this.run(['touch', '-x', coord(p.x), '-y', coord(p.y), `--${phase}`], udid);
  }

  async type(udid: string, text: string): Promise<void> {
    // Through stdin, so no character of the text is ever read as a flag or shell syntax.
    await this.run(['type', '--stdin'], udid, text);
  }

  async key(udid: string, usage: number, modifiers: number[]): Promise<void> {
    if (modifiers.length === 0) await this.run(['key', String(usage)], udid);
    else await this.run(['key-combo', '--modifiers', modifiers.join(','), '--key', String(usage)], udid);
  }

  async button(udid: string, button: IosButton): Promise<void> {
    await this.run(['button', button], udid);
  }
}
