import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeDump } from '../../core/importers/index.js';

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Real captured UI dumps of public projects, kept OUTSIDE the repository (they were fetched, not
 * written here, and are never committed): `../shared/fixtures` beside the clone, or the folder
 * SIMLAB_FIXTURES names. Every test that reads them finds them here, and skips without them.
 */
export const FIXTURES_ROOT = resolve(process.env.SIMLAB_FIXTURES ?? resolve(REPO_ROOT, '../shared/fixtures'));

/** The captured trees (android/, ios/, rico/, with LABELS.tsv and PROVENANCE.tsv). */
export const FIXTURES_DIR = join(FIXTURES_ROOT, 'ui-trees');

/**
 * For node:test's `skip` option: false when the captured trees are there, else why the test
 * cannot run (so a clone without them still runs everything else).
 */
export function withoutFixtures(): string | false {
  return existsSync(join(FIXTURES_DIR, 'PROVENANCE.tsv'))
    ? false
    : `needs the captured UI dumps, not found at ${FIXTURES_DIR}: set SIMLAB_FIXTURES to the folder holding ui-trees/ (by default ../shared/fixtures beside the repository)`;
}

/**
 * Real dumps from apps the outline engine was not developed on. Their hand labels (with a `split`
 * column, `dev` or `measure`) and their provenance are our own work and live in the repository
 * (test/more-apps); the dump files were fetched from public repositories and live outside it, in
 * the folder SIMLAB_MORE_APPS names (else more-apps/ beside ui-trees/). test/more-apps/README.md
 * says how to collect them again from the listed repository, path and commit.
 */
export const MORE_APPS_DIR = resolve(process.env.SIMLAB_MORE_APPS ?? join(FIXTURES_ROOT, 'more-apps'));

/** The more-apps LABELS.tsv and PROVENANCE.tsv, committed. */
export const MORE_APPS_LABELS_DIR = join(REPO_ROOT, 'test/more-apps');

/** Every more-apps label row, whether or not its dump is present. */
export const moreAppsLabels = (): Array<Record<string, string>> => loadLabels(MORE_APPS_LABELS_DIR);

/** True when at least one labelled more-apps dump is in MORE_APPS_DIR (tests skip without any). */
export const moreAppsPresent = (): boolean => moreAppsLabels().some((l) => existsSync(join(MORE_APPS_DIR, l.file ?? '')));

export interface LabelledDump {
  label: Record<string, string>;
  fixture: Fixture;
}

/** The labelled more-apps dumps that are present, and the names of the labelled ones that are not. */
export function loadMoreApps(): { present: LabelledDump[]; missing: string[] } {
  const present: LabelledDump[] = [];
  const missing: string[] = [];
  for (const label of moreAppsLabels()) {
    const name = label.file ?? '';
    if (existsSync(join(MORE_APPS_DIR, name))) present.push({ label, fixture: loadFixture(name, MORE_APPS_DIR) });
    else missing.push(name);
  }
  return { present, missing };
}

export interface Fixture {
  /** Path relative to the fixtures folder, as LABELS.tsv names it (e.g. `android/appium_settings_top.xml`). */
  name: string;
  path: string;
  /** The dump's bytes decoded as the importers decode them (BOM, UTF-16, the XML declaration). */
  text: string;
}

/** Every captured tree (xml and json), sorted by name. */
export function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const dir of ['android', 'ios', 'rico']) {
    for (const file of readdirSync(join(FIXTURES_DIR, dir)).sort()) {
      if (!/\.(xml|json)$/.test(file)) continue;
      const path = join(FIXTURES_DIR, dir, file);
      out.push({ name: relative(FIXTURES_DIR, path), path, text: decodeDump(readFileSync(path)) });
    }
  }
  return out;
}

export function loadFixture(name: string, dir = FIXTURES_DIR): Fixture {
  const path = join(dir, name);
  return { name, path, text: decodeDump(readFileSync(path)) };
}

/** A folder's LABELS.tsv as records keyed by its header. */
export function loadLabels(dir = FIXTURES_DIR): Array<Record<string, string>> {
  return loadTsv(dir, 'LABELS.tsv');
}

/** A tab-separated file (LABELS.tsv, PROVENANCE.tsv) as records keyed by its header. */
export function loadTsv(dir: string, name: string): Array<Record<string, string>> {
  const [header, ...rows] = readFileSync(join(dir, name), 'utf8').trim().split('\n');
  const keys = (header ?? '').split('\t');
  return rows.map((row) => Object.fromEntries(row.split('\t').map((v, i) => [keys[i] ?? String(i), v])));
}
