// adbkit is CommonJS: under Node's ESM loader (and TypeScript's NodeNext) its default import is
// the whole module.exports, so the client factory is `.Adb`.
import adbkit from '@devicefarmer/adbkit';

export const Adb = adbkit.Adb;
