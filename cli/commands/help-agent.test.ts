import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Command } from 'commander';
import { agentGuide } from './help-agent.js';
import { registerLabCommands } from './index.js';

function program(): Command {
  const p = new Command('simlab');
  registerLabCommands(p);
  return p;
}

test('every command the agent guide mentions exists, with every flag it shows', () => {
  const p = program();
  const guide = agentGuide('9.9.9');
  assert.match(guide, /^simlab 9\.9\.9 for agents/);
  const body = guide.slice(guide.indexOf('\n'));
  const mentions = [...body.matchAll(/simlab ([a-z][a-z-]*)((?: [a-z][a-z-]*)?)((?:(?!simlab )[^\n`|])*)/g)];
  assert.ok(mentions.length > 15, 'the guide names the commands');
  for (const [, name, sub, rest] of mentions) {
    const command = p.commands.find((c) => c.name() === name);
    assert.ok(command, `simlab ${name} exists`);
    const leaf = sub?.trim() && command.commands.length > 0 ? command.commands.find((c) => c.name() === sub.trim()) : command;
    assert.ok(leaf, `simlab ${name}${sub} exists`);
    for (const [flag] of (rest ?? '').matchAll(/--[a-z][a-z-]*/g)) {
      assert.ok(leaf.options.some((o) => o.long === flag || o.long === `--no-${flag.slice(2)}`), `simlab ${name} takes ${flag}`);
    }
  }
});

test('the top level lists only commands that work on every platform; web verbs live under `web`', () => {
  const names = program().commands.map((c) => c.name());
  for (const name of names) assert.ok(!name.includes('.'), `${name} is not a platform verb`);
  assert.ok(!names.includes('open'));
  const web = program().commands.find((c) => c.name() === 'web');
  assert.deepEqual(web?.commands.map((c) => c.name()), ['open', 'orientation']);
});
