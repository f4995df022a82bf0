import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import importCycles from '../scripts/eslint/no-import-cycle.js';

/** Lints files written to a fresh folder with only the cycle rule on. */
async function lint(files: Record<string, string>): Promise<Map<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { simlab: importCycles }, rules: { 'simlab/no-import-cycle': 'error' } }],
  });
  const results = await eslint.lintFiles(['*.ts']);
  return new Map(results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.message)]));
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lint rule simlab/no-import-cycle', () => {
  it('reports a loop of type-only imports on both sides, naming the path', async () => {
    const found = await lint({
      'session.ts': "import { scroll } from './scrolling.js';\nexport class Session { run() { return scroll(this); } }\n",
      'scrolling.ts': "import type { Session } from './session.js';\nexport function scroll(s: Session) { return s; }\n",
    });
    assert.match(found.get('session.ts')?.[0] ?? '', /import cycle: session\.ts -> scrolling\.ts -> session\.ts/);
    assert.match(found.get('scrolling.ts')?.[0] ?? '', /import cycle: scrolling\.ts -> session\.ts -> scrolling\.ts/);
  });

  it('follows re-exports and longer loops', async () => {
    const found = await lint({
      'a.ts': "export { b } from './b.js';\nexport const a = 1;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    assert.match(found.get('a.ts')?.[0] ?? '', /a\.ts -> b\.ts -> c\.ts -> a\.ts/);
  });

  it('accepts handlers that depend on a narrow interface of their own module', async () => {
    const found = await lint({
      'context.ts': 'export interface HandlerSession { perform(): Promise<void> }\n',
      'scrolling.ts': "import type { HandlerSession } from './context.js';\nexport function scroll(s: HandlerSession) { return s.perform(); }\n",
      'session.ts': "import type { HandlerSession } from './context.js';\nimport { scroll } from './scrolling.js';\nexport class Session implements HandlerSession { async perform() {} run() { return scroll(this); } }\n",
    });
    assert.deepEqual([...found.values()].flat(), []);
  });
});
