export { launchWebDevice, type LaunchWebDeviceOptions } from './launch.js';
export { WebDevice } from './web-device.js';
export { PROFILE_NAMES, DEFAULT_PROFILE, isProfileName, type DeviceProfile, type ProfileName } from './profiles.js';
export { findChromium } from './find-chromium.js';
export { startDemoServer, type DemoServer } from './demo/server.js';
