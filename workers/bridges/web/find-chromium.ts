import { accessSync, constants } from 'node:fs';
import { chromium } from 'playwright-core';
import { SimlabError } from '../../../core/contract/index.js';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const INSTALL_HINT =
  'Install Chromium (Debian/Ubuntu: `apt-get install -y chromium`), or `npx playwright install chromium`, or set SIMLAB_CHROMIUM to a Chromium/Chrome executable.';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The Chromium to drive: an explicit path, then SIMLAB_CHROMIUM, then Playwright's own
 * browsers, then the usual system paths. An explicit choice that is not there is an error,
 * never silently replaced by another browser.
 */
export function findChromium(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? env.SIMLAB_CHROMIUM;
  if (chosen) {
    if (isExecutable(chosen)) return chosen;
    throw new SimlabError('DEVICE_UNAVAILABLE', `Chromium not found at ${chosen} (${explicit ? 'chromiumPath' : 'SIMLAB_CHROMIUM'})`, {
      hint: INSTALL_HINT,
      details: { path: chosen },
    });
  }
  const candidates = [playwrightChromium(), ...SYSTEM_PATHS].filter((p): p is string => !!p);
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new SimlabError('DEVICE_UNAVAILABLE', 'No Chromium or Chrome found for the web device', {
    hint: INSTALL_HINT,
    details: { searched: candidates },
  });
}
