export { DeviceSession, type DeviceSessionOptions, type SessionContext, type ActionData } from './device-session.js';
