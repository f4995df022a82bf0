// Word parsing checked against a real POSIX shell (dash): random command lines made of quotes,
// backslashes, blanks, newlines and letters must split into the same words. The alphabet has no
// expansion, operator or glob characters; words after an unquoted newline run as a command in
// both shells and are not found (dash gets no PATH and no stdin).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { createVirtualAndroid } from '../virtual-device.js';
import { withoutFixtures } from '../../../../../test/support/fixtures.js';

/** The words dash gives the first command of `words LINE`, or null on a syntax error. */
function dashWords(line: string): Promise<string[] | null> {
  return new Promise((resolve) => {
    const script = `exec </dev/null; words() { for a; do printf '%s\\0' "$a"; done; }; words ${line}`;
    // No PATH, no stdin, a scratch folder: words after an unquoted newline find no program to run.
    const options = { encoding: 'buffer' as const, env: { PATH: '/nonexistent' }, cwd: tmpdir(), timeout: 5000 };
    execFile('/usr/bin/dash', ['-c', script], options, (err, stdout, stderr) => {
      if (err && /Syntax error/.test(stderr.toString())) resolve(null);
      else resolve(stdout.toString('utf8').split('\0').slice(0, -1));
    });
  });
}

/** The device whose sh is compared, made on first use (its home screen is a captured dump). */
let made: ReturnType<typeof createVirtualAndroid> | undefined;

/** The words the device's sh gives the first command of `echo LINE`, or null on a syntax error. */
async function ourWords(line: string): Promise<string[] | null> {
  const device = (made ??= createVirtualAndroid());
  const r = await device.exec(`echo ${line}`);
  if (/syntax error/.test(r.stderr.toString())) return null;
  const echo = device.commandsOf(`echo ${line}`).find((argv) => argv[0] === 'echo');
  return echo ? echo.slice(1) : [];
}

describe('sh word parsing matches dash', { skip: withoutFixtures() }, () => {
  it('splits random quoted lines into the same words', async () => {
    const piece = fc.constantFrom("'", '"', '\\', ' ', '\t', '\n', 'a', 'b', 'é', '%', 's', '-', '=', ',', ':');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 16 }), async (chars) => {
        const line = chars.join('');
        const [theirs, ours] = await Promise.all([dashWords(line), ourWords(line)]);
        assert.deepEqual(ours, theirs, JSON.stringify(line));
      }),
      { numRuns: 300 },
    );
  });
});
