import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { cliArgv } from '../test/support/cli.js';
import { loadFixture, REPO_ROOT, withoutFixtures } from '../test/support/fixtures.js';

const run = promisify(execFile);

/** The simlab CLI as a child process (cliArgv): the bundle users run under `npm test`, else its sources. */
async function simlab(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, cliArgv(args), { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The CLI with `input` on its standard input. */
function simlabWithInput(input: string | Uint8Array, ...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgv(args), { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(input);
  });
}

/** Captured dumps, read only by the tests that need them (they skip without them). */
const settings = () => loadFixture('android/appium_settings_top.xml');
const network = () => loadFixture('android/appium_settings_network_internet.xml');
const tmp = mkdtempSync(join(tmpdir(), 'simlab-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('simlab outline', () => {
  it('prints the text outline of a dump', { skip: withoutFixtures() }, async () => {
    const r = await simlab('outline', '--file', settings().path);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^App: com\.android\.settings {2}\d+x\d+ {2}portrait {2}snapshot [0-9a-f]{6}\n/);
    assert.match(r.stdout, /\n\[Content\]\n/);
    assert.match(r.stdout, /\n {0,8}@\d+ .*"Network & internet"/);
  });

  it('reads the dump from standard input with --file -', { skip: withoutFixtures() }, async () => {
    const piped = await simlabWithInput(settings().text, 'outline', '--file', '-');
    assert.equal(piped.code, 0);
    assert.equal(piped.stdout, (await simlab('outline', '--file', settings().path)).stdout);
  });

  it('prints the same bytes twice', { skip: withoutFixtures() }, async () => {
    const a = await simlab('outline', '--file', settings().path);
    const b = await simlab('outline', '--file', settings().path);
    assert.equal(a.stdout, b.stdout);
  });

  it('answers --json with the ok envelope carrying the snapshot', { skip: withoutFixtures() }, async () => {
    const r = await simlab('outline', '--file', settings().path, '--json');
    assert.equal(r.code, 0);
    const env = JSON.parse(r.stdout);
    assert.equal(env.version, '1');
    assert.equal(env.ok, true);
    assert.equal(env.command, 'outline');
    assert.equal(env.data.complete, true);
    assert.equal(env.data.truncated, false);
    assert.ok(env.data.elements.length > 5);
    const text = await simlab('outline', '--file', settings().path);
    assert.ok(text.stdout.includes(`snapshot ${env.data.snapshot}`));
  });

  it('prints the settled diff between two dumps', { skip: withoutFixtures() }, async () => {
    const r = await simlab('outline', '--file', settings().path, '--diff', network().path);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^screen: com\.android\.settings → Network & internet\nApp: /, 'another screen: one line, then its outline');
    assert.match(r.stdout, /\n *@\d+ .*"Airplane mode"/);
    const json = JSON.parse((await simlab('outline', '--file', settings().path, '--diff', network().path, '--json')).stdout);
    assert.equal(json.ok, true);
    assert.equal(json.data.text, r.stdout);
    const appeared = [...json.data.diff.added, ...json.data.diff.changed.map((p: { after: unknown }) => p.after)] as Array<{ label?: string }>;
    assert.ok(appeared.some((e) => e.label === 'Airplane mode'));
    const same = await simlab('outline', '--file', settings().path, '--diff', settings().path);
    assert.match(same.stdout, /^Diff (\w+) -> \1: \+0 -0 ~0 =\d+\n/);
  });

  it('fails with exit 1 and an INVALID_ARGS envelope for a missing file', async () => {
    const r = await simlab('outline', '--file', join(tmp, 'nope.xml'), '--json');
    assert.equal(r.code, 1);
    const env = JSON.parse(r.stdout);
    assert.equal(env.ok, false);
    assert.equal(env.error.code, 'INVALID_ARGS');
    assert.match(env.error.message, /no such file/);
    const plain = await simlab('outline', '--file', join(tmp, 'nope.xml'));
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, /^error INVALID_ARGS: cannot read/);
  });

  it('fails with exit 1 and says where a truncated dump broke', { skip: withoutFixtures() }, async () => {
    const cut = join(tmp, 'cut.xml');
    writeFileSync(cut, settings().text.slice(0, Math.floor(settings().text.length / 2)));
    const r = await simlab('outline', '--file', cut, '--json');
    assert.equal(r.code, 1);
    const env = JSON.parse(r.stdout);
    assert.equal(env.error.code, 'INVALID_ARGS');
    assert.equal(env.error.details.file, cut);
    assert.ok(typeof env.error.details.line === 'number' || typeof env.error.details.offset === 'number', JSON.stringify(env.error.details));
  });

  it('reads dumps as agents save them: UTF-16 from PowerShell, the /dev/tty trailer, a named encoding', async () => {
    const xml = (label: string) =>
      `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="${label}" ` +
      'class="android.widget.Button" package="a.b" clickable="true" enabled="true" bounds="[0,0][1080,200]" /></hierarchy>';
    const utf16 = join(tmp, 'powershell.xml');
    writeFileSync(utf16, Buffer.from(`\uFEFF${xml('Émile')}\r\n`, 'utf16le'));
    assert.match((await simlab('outline', '--file', utf16)).stdout, /@1 Button "Émile"/);
    const piped = await simlabWithInput(`${xml('Home')}UI hierchary dumped to: /dev/tty\n`, 'outline', '--file', '-');
    assert.match(piped.stdout, /@1 Button "Home"/);
    const [before, after] = xml('@').split('@') as [string, string];
    const gbk = Buffer.concat([Buffer.from(before), Buffer.from('b5c7c2bc', 'hex'), Buffer.from(after)]);
    assert.match((await simlabWithInput(gbk, 'outline', '--file', '-', '--encoding', 'gbk')).stdout, /@1 Button "登录"/);
    const lying = join(tmp, 'gbk.xml');
    writeFileSync(lying, gbk);
    const garbled = await simlab('outline', '--file', lying);
    assert.equal(garbled.code, 0);
    assert.match(garbled.stderr, /^note: .*gbk\.xml is not valid utf-8: .* --encoding/);
    const unknown = await simlabWithInput(gbk, 'outline', '--file', '-', '--encoding', 'klingon', '--json');
    assert.equal(unknown.code, 1);
    assert.equal(JSON.parse(unknown.stdout).error.code, 'INVALID_ARGS');
  });

  it('fails with exit 1 for a file in no known format', async () => {
    const junk = join(tmp, 'junk.txt');
    writeFileSync(junk, 'hello, this is not a UI tree\n');
    const r = await simlab('outline', '--file', junk, '--json');
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.stdout).error.code, 'INVALID_ARGS');
  });

  it('treats bad flags as usage errors: exit 2, an envelope with --json', { skip: withoutFixtures() }, async () => {
    for (const args of [['--file', settings().path, '--format', 'pdf'], ['--file', settings().path, '--bogus'], [], ['--file', settings().path, '--scale', '-1']]) {
      const r = await simlab('outline', ...args, '--json');
      assert.equal(r.code, 2, args.join(' '));
      const env = JSON.parse(r.stdout);
      assert.equal(env.ok, false);
      assert.equal(env.error.code, 'INVALID_ARGS');
      const plain = await simlab('outline', ...args);
      assert.equal(plain.code, 2);
      assert.notEqual(plain.stderr, '');
    }
  });

  it('treats an unknown command as a usage error', async () => {
    const r = await simlab('outlines', '--json');
    assert.equal(r.code, 2);
    assert.equal(JSON.parse(r.stdout).error.code, 'INVALID_ARGS');
  });

  it('prints help per command', async () => {
    const r = await simlab('outline', '--help');
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--file <dump>/);
    assert.match(r.stdout, /--diff <dump>/);
  });
});
