import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIXTURES_DIR, loadLabels, MORE_APPS_DIR, moreAppsLabels, moreAppsPresent, withoutFixtures } from '../../test/support/fixtures.js';
import { measureAgreement, percent } from '../../test/support/list-labels.js';

test('list detection agrees with the hand labels on at least 90% of the labelled screens', { skip: withoutFixtures() }, (t) => {
  const a = measureAgreement(loadLabels(FIXTURES_DIR), FIXTURES_DIR);
  assert.ok(a.all >= 20, 'LABELS.tsv holds the labelled screens');
  t.diagnostic('verdict | confidence | file | label | found');
  for (const line of a.lines) t.diagnostic(line);
  t.diagnostic(`agreement: ${percent(a)} high/medium-confidence screens, ${a.agreedAll}/${a.all} with low-confidence rows too`);
  assert.ok(a.agreed / a.counted >= 0.9, `agreement ${percent(a)} is below 90%`);
});

// Each floor lets one screen go from what the detector reached on that split of test/more-apps:
// dev 448/494 on 2026-12-03 (338/364, plus the fifth measure-only split's 107/130 when it was opened for development;
// 445 until a dashboard's measures stopped being read as a grid, 447 until a chat's rows were kept whole where its
// first row is a pixel shorter). 0.904: 447/494 passes, 446 fails.
// The measure-only split has no floor until it has been measured once.
const FLOORS: Record<string, number | undefined> = { dev: 0.904 };

test('list detection on apps it was not developed on: the dev and the measure-only split', { skip: moreAppsPresent() ? false : `no labelled more-apps dumps at ${MORE_APPS_DIR} (SIMLAB_MORE_APPS)` }, (t) => {
  const splits = ['dev', 'measure'].map((split) => ({ split, a: measureAgreement(moreAppsLabels(), MORE_APPS_DIR, split) }));
  for (const { split, a } of splits) for (const line of a.lines) t.diagnostic(`${split.padEnd(7)} | ${line}`);
  t.diagnostic(splits.map(({ split, a }) => `${split}: ${percent(a)}`).join('; ') + " (issue 10's goal: 90% on measure)");
  for (const { split, a } of splits) {
    const floor = FLOORS[split];
    // A floor holds for a whole split; a partial copy of its dumps is only reported.
    if (a.missing.length > 0) t.diagnostic(`${split}: ${a.missing.length} labelled dumps are not in ${MORE_APPS_DIR}, floor not checked`);
    else if (a.all < 10) t.diagnostic(`${split}: a floor needs 10 labelled screens, there are ${a.all}`);
    else if (floor === undefined) t.diagnostic(`${split}: not measured yet, no floor`);
    else assert.ok(a.agreed / a.counted >= floor, `${split} agreement ${percent(a)} fell below ${floor * 100}%`);
  }
});
