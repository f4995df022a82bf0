import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES_DIR, loadLabels, loadTsv, MORE_APPS_DIR, moreAppsPresent, withoutFixtures } from './support/fixtures.js';

function dumpsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(xml|json)$/.test(f))
    .sort();
}

/** Every dump has its provenance (source, commit, licence) and every row names a dump that is there. */
function checkProvenance(dir: string): void {
  const rows = loadTsv(dir, 'PROVENANCE.tsv');
  const files = dumpsUnder(dir);
  const named = new Set(rows.map((r) => r.file));
  for (const f of files) assert.ok(named.has(f), `${f} has no row in PROVENANCE.tsv`);
  for (const r of rows) {
    assert.ok(existsSync(join(dir, r.file ?? '')), `PROVENANCE.tsv names ${r.file}, which is missing`);
    assert.match(r.commit ?? '', /^[0-9a-f]{40}$/, `${r.file}: the source commit`);
    assert.ok((r.license ?? '').length > 0 && (r.source_repo ?? '').includes('/'), `${r.file}: licence and source repository`);
  }
  for (const l of loadLabels(dir)) assert.ok(files.includes(l.file ?? ''), `LABELS.tsv names ${l.file}, which is missing`);
}

describe('captured UI dumps', { skip: withoutFixtures() }, () => {
  it('ui-trees: every dump has its source, commit and licence, and every labelled file is there', () => checkProvenance(FIXTURES_DIR));

  it('more-apps: the same, and every dump is labelled with a split', { skip: moreAppsPresent() ? false : `no labelled dumps at ${MORE_APPS_DIR}` }, () => {
    checkProvenance(MORE_APPS_DIR);
    const labels = loadLabels(MORE_APPS_DIR);
    assert.deepEqual(labels.map((l) => l.file).sort(), dumpsUnder(MORE_APPS_DIR));
    assert.ok(labels.every((l) => l.split === 'dev' || l.split === 'measure'));
  });
});
