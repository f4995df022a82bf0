// The virtual Android device harness: what tests and the bridge's tests import.
export { startVirtualDevice, createVirtualAndroid, DEFAULT_FEATURES, DEFAULT_MAX_PAYLOAD, DEFAULT_FIXTURES_DIR } from './virtual-device.js';
export type { VirtualDevice, VirtualDeviceOptions } from './virtual-device.js';
export { startAdbServer, adbConnect, deviceState, runAdb } from './adb-server.js';
export type { AdbServer, AdbResult } from './adb-server.js';
export { VirtualAndroid } from './device/device.js';
export { DUMP_FAILURE_MESSAGES } from './device/device-parts.js';
export type { DeviceIdentity, DeviceConfig, ExecutedCommand, InputEvent, DumpFailure } from './device/device-parts.js';
export type { Gesture } from './device/touchscreen.js';
export { TOUCH_DEVICE, AXIS_MAX, MAX_SLOTS } from './device/touchscreen.js';
export { SETTINGS_GRAPH, GMAIL_GRAPH, GAME_GRAPH } from './screen-graphs.js';
export type { ScreenGraphSpec, ScreenSpec, TransitionSpec, TransitionEffect, NodeMatch } from './screen-graphs.js';
export { decodeInputText, typeable } from './device/commands/input.js';
export { parseUiXml, serializeDump } from './ui-tree.js';
export type { UiNode, UiTree, Bounds } from './ui-tree.js';
