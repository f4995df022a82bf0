import type { DeviceProvider } from './provider.js';

/**
 * The platforms a worker can serve, each loaded only when configured (so a host without
 * Chromium can still run, say, Android devices). A new platform is one line here and a
 * provider next to it; the worker itself has no platform branches.
 */
const PROVIDERS: Record<string, () => Promise<DeviceProvider>> = {
  web: async () => (await import('../bridges/web/provider.js')).webProvider,
  android: async () => (await import('../bridges/android/provider.js')).androidProvider,
  ios: async () => (await import('../bridges/ios/provider.js')).iosProvider,
};

function knownPlatforms(): string[] {
  return Object.keys(PROVIDERS);
}

export async function loadProvider(platform: string): Promise<DeviceProvider> {
  const load = PROVIDERS[platform];
  if (!load) throw new Error(`unknown platform "${platform}" in SIMLAB_PLATFORMS (known: ${knownPlatforms().join(', ')})`);
  return load();
}
