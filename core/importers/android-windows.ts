import type { WindowInfo } from '../model/screen.js';
import { isKeyboardPackage, isSystemUiPackage } from './android-roles.js';

function windowKind(pkg: string): WindowInfo['kind'] {
  if (isSystemUiPackage(pkg)) return 'system';
  if (isKeyboardPackage(pkg)) return 'keyboard';
  return 'app';
}

/**
 * The windows of an Android dump from the package of each top-level element, listed topmost
 * first (the order of `AccessibilityService.getWindows()`, which uiautomator and Maestro's
 * Android driver both dump): ids are the package (`#2`, `#3` for a package's further windows),
 * the layer counts down from the top.
 */
export function androidWindows(packages: string[]): WindowInfo[] {
  const used = new Map<string, number>();
  return packages.map((pkg, i) => {
    const base = pkg || 'window';
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const info: WindowInfo = { id: n === 1 ? base : `${base}#${n}`, kind: windowKind(pkg), layer: packages.length - i };
    if (pkg) info.title = pkg;
    return info;
  });
}
