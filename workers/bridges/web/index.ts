export { launchWebDevice, type LaunchWebDeviceOptions } from './launch.js';
export { WebDevice } from './web-device.js';
export { PROFILES, PROFILE_NAMES, DEFAULT_PROFILE, isProfileName, viewportOf, type DeviceProfile, type ProfileName } from './profiles.js';
export { findChromium } from './find-chromium.js';
export { KNOWN_KEYS } from './keys.js';
export { startDemoServer, type DemoServer } from './demo/server.js';
