// List detection against hand labels (DESIGN.md section 4): the labelled ui-trees fixtures, and
// the more-apps dumps in their two splits — `dev` (looked at while developing) and `measure`
// (only measured). Counts high/medium-confidence labels; low ones are shown, not counted.
// Run: npx tsx bench/list-agreement.ts [--verbose]   (more-apps folder: SIMLAB_MORE_APPS)
import { FIXTURES_DIR, MORE_APPS_DIR, moreAppsPresent } from '../test/support/fixtures.js';
import { measureAgreement, percent, type Agreement } from '../test/support/list-labels.js';

const verbose = process.argv.includes('--verbose');
const show = (name: string, a: Agreement) => {
  console.log(`${name.padEnd(28)} ${percent(a).padEnd(16)} all labels ${a.agreedAll}/${a.all}`);
  if (verbose) for (const l of a.lines) console.log(`  ${l}`);
};

show('ui-trees (tuned on)', measureAgreement(FIXTURES_DIR));
if (moreAppsPresent()) {
  show('more-apps dev split', measureAgreement(MORE_APPS_DIR, 'dev'));
  show('more-apps measure-only', measureAgreement(MORE_APPS_DIR, 'measure'));
} else {
  console.log(`more-apps: no LABELS.tsv at ${MORE_APPS_DIR} (set SIMLAB_MORE_APPS)`);
}
