// Which APKs the virtual device knows how to install: the UiAutomator2 server's two, recognised
// by their bytes (a real `pm install` reads the package name from the manifest; the device models
// only these packages).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SERVER_APK_PATH, TEST_APK_PATH } from 'appium-uiautomator2-server';

export const UIA2_SERVER_PACKAGE = 'io.appium.uiautomator2.server';
export const UIA2_TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
export const UIA2_INSTRUMENTATION = `${UIA2_TEST_PACKAGE}/androidx.test.runner.AndroidJUnitRunner`;

let known: Map<string, string> | undefined;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The package an APK's bytes install, or undefined for an APK the device does not model. */
export function packageOfApk(bytes: Buffer): string | undefined {
  known ??= new Map([
    [sha256(readFileSync(SERVER_APK_PATH)), UIA2_SERVER_PACKAGE],
    [sha256(readFileSync(TEST_APK_PATH)), UIA2_TEST_PACKAGE],
  ]);
  return known.get(sha256(bytes));
}
