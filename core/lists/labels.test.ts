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

test('list detection on apps it was not developed on: the dev and the measure-only split', { skip: moreAppsPresent() ? false : `no labelled more-apps dumps at ${MORE_APPS_DIR} (SIMLAB_MORE_APPS)` }, (t) => {
  const dev = measureAgreement(moreAppsLabels(), MORE_APPS_DIR, 'dev');
  const measure = measureAgreement(moreAppsLabels(), MORE_APPS_DIR, 'measure');
  for (const line of [...dev.lines.map((l) => `dev     | ${l}`), ...measure.lines.map((l) => `measure | ${l}`)]) t.diagnostic(line);
  t.diagnostic(`dev split: ${percent(dev)}; measure-only split: ${percent(measure)} (issue 10's goal: 90%)`);
  const missing = [...dev.missing, ...measure.missing];
  if (missing.length > 0) {
    // The floors hold for the whole labelled set; a partial copy of the dumps is only reported.
    t.diagnostic(`${missing.length} labelled dumps are not in ${MORE_APPS_DIR}, floors not checked: ${missing.join(', ')}`);
    return;
  }
  if (dev.all < 10 || measure.all < 10) {
    t.diagnostic(`floors need 10 labelled screens in each split (dev ${dev.all}, measure-only ${measure.all})`);
    return;
  }
  // Floors one screen under what the detector reached on the whole labelled set of test/more-apps
  // on 2026-12-03 (dev 122/128; the second measure-only split, labelled blind, 31/40): a change
  // that loses ground fails here; the goal of 90% on measure-only is not reached yet.
  assert.ok(dev.agreed / dev.counted >= 0.94, `dev agreement ${percent(dev)} fell below 94%`);
  assert.ok(measure.agreed / measure.counted >= 0.75, `measure-only agreement ${percent(measure)} fell below 75%`);
});
