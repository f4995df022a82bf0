// List detection against hand labels (DESIGN.md section 4): the labelled ui-trees fixtures, and
// the more-apps dumps in their two splits — `dev` (looked at while developing) and `measure`
// (only measured). Counts high/medium-confidence labels; low ones are shown, not counted.
// The more-apps labels are committed (test/more-apps); the dumps come from SIMLAB_MORE_APPS.
// Each miss (high/medium confidence) is sorted by kind (test/support/list-labels.ts' MISS_KINDS):
// counts per kind in the summary, the kind at the end of each DISAGREE line with --verbose.
// Run: npx tsx bench/list-agreement.ts [--verbose]
import { FIXTURES_DIR, loadLabels, MORE_APPS_DIR, moreAppsLabels, moreAppsPresent } from '../test/support/fixtures.js';
import { measureAgreement, missCounts, percent, type Agreement } from '../test/support/list-labels.js';

const verbose = process.argv.includes('--verbose');
const show = (name: string, a: Agreement) => {
  const missing = a.missing.length > 0 ? `  (${a.missing.length} labelled dumps absent)` : '';
  console.log(`${name.padEnd(28)} ${percent(a).padEnd(16)} all labels ${a.agreedAll}/${a.all}${missing}`);
  const misses = missCounts(a);
  if (misses) console.log(`${''.padEnd(28)} misses: ${misses}`);
  if (verbose) for (const l of a.lines) console.log(`  ${l}`);
};

show('ui-trees (tuned on)', measureAgreement(loadLabels(FIXTURES_DIR), FIXTURES_DIR));
if (moreAppsPresent()) {
  show('more-apps dev split', measureAgreement(moreAppsLabels(), MORE_APPS_DIR, 'dev'));
  show('more-apps measure-only', measureAgreement(moreAppsLabels(), MORE_APPS_DIR, 'measure'));
  // The same splits per platform, by the file name's prefix (android-, ios-, web-).
  const platforms = [...new Set(moreAppsLabels().map((l) => (l.file ?? '').split('-')[0] ?? ''))].sort();
  for (const platform of platforms) {
    const labels = moreAppsLabels().filter((l) => (l.file ?? '').startsWith(`${platform}-`));
    for (const split of ['dev', 'measure']) {
      const a = measureAgreement(labels, MORE_APPS_DIR, split);
      if (a.all > 0) console.log(`  ${`${platform} ${split}`.padEnd(26)} ${percent(a).padEnd(16)} all labels ${a.agreedAll}/${a.all}`);
    }
  }
} else {
  console.log(`more-apps: none of the labelled dumps is at ${MORE_APPS_DIR} (set SIMLAB_MORE_APPS; test/more-apps/README.md)`);
}
