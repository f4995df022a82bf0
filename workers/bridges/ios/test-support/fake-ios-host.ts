import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURES_ROOT } from '../../../../test/support/fixtures.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const testdata = fileURLToPath(new URL('../testdata/', import.meta.url));

/** A simulator of testdata/simctl-list-devices.json (iPhone 16 Pro, iOS 17.5). */
export const FAKE_UDID = '2163DD54-1FA0-4D77-A753-0AB7B18A0397';

export interface FakeCall {
  tool: 'simctl' | 'axe' | 'idb' | 'helper';
  args: string[];
  stdin?: string;
  at: number;
}

/**
 * A Mac host made of the fake tools in this folder, for a test: its own state folder, the
 * environment that points the iOS provider at the fakes, and ways to look at and change what
 * the tools see (calls made, the front screen, simulators shutting down, failures to replay).
 */
export class FakeIosHost {
  readonly dir = mkdtempSync(join(tmpdir(), 'simlab-fake-ios-'));

  constructor(options: { booted?: string[]; helper?: boolean } = {}) {
    copyFileSync(join(testdata, 'simctl-list-devices.json'), join(this.dir, 'devices.json'));
    for (const udid of options.booted ?? [FAKE_UDID]) this.setState(udid, 'Booted');
    this.helper = options.helper ?? false;
  }

  private readonly helper: boolean;

  get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      FAKE_IOS_STATE: this.dir,
      // The fake axe shows a real capture: the same folder every fixture test reads.
      SIMLAB_FIXTURES: FIXTURES_ROOT,
      SIMLAB_IOS_XCRUN: join(here, 'fake-xcrun.mjs'),
      SIMLAB_IOS_AXE: join(here, 'fake-axe.mjs'),
      SIMLAB_IOS_TOOL: 'axe',
      SIMLAB_IOS_HELPER: this.helper ? join(here, 'fake-helper.mjs') : join(this.dir, 'no-helper-built'),
    };
  }

  calls(tool?: FakeCall['tool']): FakeCall[] {
    const file = join(this.dir, 'calls.log');
    if (!existsSync(file)) return [];
    const all = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as FakeCall);
    return tool ? all.filter((c) => c.tool === tool) : all;
  }

  /** The front app now shows this describe-ui capture (a path). */
  showScreen(file: string): void {
    writeFileSync(join(this.dir, 'screen.json'), JSON.stringify({ file }));
  }

  setState(udid: string, state: 'Booted' | 'Shutdown'): void {
    const file = join(this.dir, 'devices.json');
    const list = JSON.parse(readFileSync(file, 'utf8')) as { devices: Record<string, Array<{ udid: string; state: string }>> };
    for (const devices of Object.values(list.devices)) for (const d of devices) if (d.udid === udid) d.state = state;
    writeFileSync(file, JSON.stringify(list));
  }

  /** The next calls of a verb (`simctl boot`, `axe tap`) fail as testdata/simctl-errors.json says. */
  fail(verb: string, kind: string): void {
    writeFileSync(join(this.dir, 'fail.json'), JSON.stringify({ [verb]: kind }));
  }

  clearFailures(): void {
    rmSync(join(this.dir, 'fail.json'), { force: true });
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
