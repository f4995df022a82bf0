// The device's sh model: what a command line really runs, and what `input text` receives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createVirtualAndroid } from '../virtual-device.js';
import { decodeInputText } from './commands/input.js';
import { withoutFixtures } from '../../../../../test/support/fixtures.js';

async function run(line: string) {
  const device = createVirtualAndroid();
  const r = await device.exec(line);
  return { ...r, out: r.stdout.toString(), err: r.stderr.toString(), typed: device.typedText, ran: device.commandsOf(line) };
}

describe('sh word parsing', { skip: withoutFixtures() }, () => {
  const cases: [string, string][] = [
    ["input text 'a b'", 'a b'],
    ['input text a\\ b', 'a b'],
    ["input text 'it'\\''s'", "it's"],
    ['input text "a\\"b\\\\c\\$d\\e"', 'a"b\\c$d\\e'],
    ["input text 'a;b&c|d$(e)`f`'", 'a;b&c|d$(e)`f`'],
    ['input text "line1\nline2"', 'line1\nline2'],
    ['input text hello%sworld', 'hello world'],
    ['input text a%%sb', 'a% b'],
    ['input text "$HOME"x', '/x'],
    ['input text ~', '/'],
    ['input text {x,y}z', 'xz'],
    ["input text '{x,y}'", '{x,y}'],
    ['input text "*"', '*'],
    ['input text *', 'acct'],
    ['input text zz*', 'zz*'],
    ['input text a#b', 'a#b'],
    ['input text a #b', 'a'],
    ['input text two words', 'two'],
    ["input text $'a\\nb\\tc'", 'a\nb\tc'],
    ["input text $'it\\'s'", "it's"],
    ["input text $'\\x41\\101\\u0042'", 'AAB'],
    ['input text "$\'x\'"', "$'x'"],
  ];
  for (const [line, typed] of cases) {
    it(`${JSON.stringify(line)} types ${JSON.stringify(typed)}`, async () => {
      const r = await run(line);
      assert.equal(r.code, 0, r.err);
      assert.deepEqual(r.typed, [typed]);
      assert.equal(r.ran.length, 1);
      assert.equal(r.ran[0]?.[0], 'input');
    });
  }
});

describe('injection is visible', { skip: withoutFixtures() }, () => {
  it('records every command a shell would run besides input', async () => {
    for (const line of ['input text a;id', 'input text a&&id', 'input text a|id', 'input text a&id', 'input text $(id)', 'input text `id`', 'input text "$(id)"', 'input text a\nid']) {
      const r = await run(line);
      assert.ok(r.ran.some((argv) => argv[0] === 'id'), `${JSON.stringify(line)} ran ${JSON.stringify(r.ran)}`);
    }
  });

  it('lists what ran besides the expected tool', async () => {
    const device = createVirtualAndroid();
    await device.exec("input text 'safe;id'");
    assert.deepEqual(device.commandsOtherThan('input'), []);
    await device.exec('input text unsafe;id');
    assert.deepEqual(device.commandsOtherThan('input').map((c) => c.argv), [['id']]);
  });

  it('runs command substitutions for real and types their output', async () => {
    const r = await run('input text "$(echo sub)"');
    assert.deepEqual(r.typed, ['sub']);
    assert.deepEqual(r.ran, [['echo', 'sub'], ['input', 'text', 'sub']]);
  });

  it('refuses unbalanced quotes as sh does, running nothing', async () => {
    const r = await run("input text 'oops");
    assert.equal(r.code, 1);
    assert.match(r.err, /^\/system\/bin\/sh: syntax error/);
    assert.deepEqual(r.ran, []);
  });
});

describe('input text limits', { skip: withoutFixtures() }, () => {
  it('decodes %s exactly as InputShellCommand does', () => {
    assert.equal(decodeInputText('%s'), ' ');
    assert.equal(decodeInputText('%%s'), '% ');
    assert.equal(decodeInputText('100%'), '100%');
    assert.equal(decodeInputText('%%%s'), '%% ');
    assert.equal(decodeInputText('a%sb%sc'), 'a b c');
  });

  it('fails like Android on characters the virtual keyboard cannot type', async () => {
    const r = await run("input text 'café'");
    assert.equal(r.code, 255);
    assert.match(r.err, /Exception occurred while executing 'text':\njava\.lang\.NullPointerException/);
    assert.deepEqual(r.typed, []);
  });
});

describe('shell basics', { skip: withoutFixtures() }, () => {
  it('has exit statuses, && ||, pipes, redirections and variables', async () => {
    assert.equal((await run('false && echo no || echo yes')).out, 'yes\n');
    assert.equal((await run('echo abc | grep b; echo $?')).out, 'abc\n0\n');
    assert.equal((await run('echo hi > /sdcard/f; echo more >> /sdcard/f; cat /sdcard/f')).out, 'hi\nmore\n');
    assert.equal((await run('X=1; echo ${X}2 $X')).out, '12 1\n');
    assert.equal((await run('exit 7; echo never')).code, 7);
    assert.equal((await run('echo err 1>&2 2>/dev/null')).err, 'err\n');
    assert.equal((await run('cd /sdcard && pwd')).out, '/sdcard\n');
    assert.equal((await run('nosuch')).code, 127);
    assert.equal((await run('mkdir -p /data/local/tmp/a/b && ls /data/local/tmp/a')).out, 'b\n');
    assert.equal((await run('rm /nope')).err, 'rm: /nope: No such file or directory\n');
  });
});
