import { z } from 'zod';

/**
 * The iOS-only verbs (`simlab ios ...`, `POST /devices/:id/ios/...`): simulator lifecycle and
 * settings that have no cross-platform meaning. Every string is bounded: a bundle id is
 * reverse-DNS, an app is a bundle name inside the host's apps folder (never a path).
 */
const BundleId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+$/, 'a bundle id such as com.example.app (never starting with -)');

/** A web or app deep link (`https:`, `myapp://...`); never the simulator's files or script URLs. */
const DeepLink = z
  .string()
  .min(3)
  .max(2048)
  .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, 'a URL with a scheme, such as https://example.com or myapp://open')
  .refine((u) => !/^(file|javascript|data|vbscript|about):/i.test(u), 'file:, javascript:, data: and about: URLs are not opened');

export const IOS_COMMANDS = {
  'ios.launch': z.object({ bundleId: BundleId }).strict(),
  'ios.terminate': z.object({ bundleId: BundleId }).strict(),
  'ios.open-url': z.object({ url: DeepLink }).strict(),
  'ios.appearance': z.object({ mode: z.enum(['light', 'dark']) }).strict(),
  'ios.status-bar': z.object({ clean: z.boolean() }).strict(),
  'ios.install': z
    .object({
      app: z
        .string()
        .min(5)
        .max(255)
        .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*\.app$/, 'the name of an .app bundle in the host\'s apps folder (no path)'),
    })
    .strict(),
  'ios.erase': z.object({}).strict(),
} as const;

export type IosVerb = keyof typeof IOS_COMMANDS;
export const IOS_VERBS = Object.keys(IOS_COMMANDS) as IosVerb[];
