import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES_DIR, loadLabels, loadMoreApps, loadTsv, MORE_APPS_DIR, MORE_APPS_LABELS_DIR, moreAppsLabels, moreAppsPresent, withoutFixtures } from './support/fixtures.js';

function dumpsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(xml|json)$/.test(f))
    .sort();
}

/** A provenance row names its source: repository, path, a full commit and a licence. */
function checkSource(r: Record<string, string>): void {
  assert.match(r.commit ?? '', /^[0-9a-f]{40}$/, `${r.file}: the source commit`);
  assert.ok((r.license ?? '').length > 0 && (r.source_repo ?? '').includes('/'), `${r.file}: licence and source repository`);
  assert.ok((r.path_in_repo ?? '').length > 0, `${r.file}: the path in the source repository`);
}

/** Every dump has its provenance (source, commit, licence) and every row names a dump that is there. */
function checkProvenance(dir: string): void {
  const rows = loadTsv(dir, 'PROVENANCE.tsv');
  const files = dumpsUnder(dir);
  const named = new Set(rows.map((r) => r.file));
  for (const f of files) assert.ok(named.has(f), `${f} has no row in PROVENANCE.tsv`);
  for (const r of rows) {
    assert.ok(existsSync(join(dir, r.file ?? '')), `PROVENANCE.tsv names ${r.file}, which is missing`);
    checkSource(r);
  }
  for (const l of loadLabels(dir)) assert.ok(files.includes(l.file ?? ''), `LABELS.tsv names ${l.file}, which is missing`);
}

describe('captured UI dumps', { skip: withoutFixtures() }, () => {
  it('ui-trees: every dump has its source, commit and licence, and every labelled file is there', () => checkProvenance(FIXTURES_DIR));
});

describe('more-apps labels and provenance (committed in test/more-apps)', () => {
  const labels = moreAppsLabels();
  const provenance = new Map(loadTsv(MORE_APPS_LABELS_DIR, 'PROVENANCE.tsv').map((r) => [r.file, r]));

  it('every label has a split and a provenance row with its source, commit and licence, once', () => {
    const names = labels.map((l) => l.file);
    assert.equal(new Set(names).size, names.length, 'a file is labelled twice');
    assert.equal(provenance.size, loadTsv(MORE_APPS_LABELS_DIR, 'PROVENANCE.tsv').length, 'a file has two provenance rows');
    for (const l of labels) {
      assert.ok(l.split === 'dev' || l.split === 'measure', `${l.file}: split is dev or measure`);
      const source = provenance.get(l.file);
      assert.ok(source, `${l.file} has no row in PROVENANCE.tsv`);
      checkSource(source);
    }
  });

  it('every labelled dump present in SIMLAB_MORE_APPS has its provenance', { skip: moreAppsPresent() ? false : `no labelled dumps at ${MORE_APPS_DIR}` }, (t) => {
    const { present, missing } = loadMoreApps();
    for (const d of present) assert.ok(provenance.has(d.fixture.name), `${d.fixture.name} has no row in PROVENANCE.tsv`);
    if (missing.length > 0) t.diagnostic(`${missing.length} labelled dumps not present: ${missing.join(', ')}`);
    const unlabelled = dumpsUnder(MORE_APPS_DIR).filter((f) => !labels.some((l) => l.file === f));
    if (unlabelled.length > 0) t.diagnostic(`${unlabelled.length} dumps in ${MORE_APPS_DIR} are not labelled in test/more-apps (not measured): ${unlabelled.join(', ')}`);
  });
});
