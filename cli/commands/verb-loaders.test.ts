import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Command } from 'commander';
import { registerLabCommands } from './index.js';
import { outlineCommand } from './outline.js';
import { VERB_LOADERS } from './verb-loaders.js';

test('every lazily loaded verb builds the same command as the full program', async () => {
  const full = new Command('simlab');
  full.addCommand(outlineCommand());
  registerLabCommands(full);
  for (const [verb, load] of Object.entries(VERB_LOADERS)) {
    const loaded = (await load()).find((c) => c.name() === verb);
    assert.ok(loaded, `${verb}: its loader builds no command of that name`);
    const same = full.commands.find((c) => c.name() === verb);
    assert.ok(same, `${verb} is not in the full program`);
    const shape = (c: Command) => ({ description: c.description(), options: c.options.map((o) => o.flags), args: c.registeredArguments.map((a) => a.name()) });
    assert.deepEqual(shape(loaded), shape(same), `${verb}: the same arguments and options`);
  }
});
