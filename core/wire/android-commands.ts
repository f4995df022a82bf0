import { z } from 'zod';

/**
 * The Android-only verbs (`simlab android ...`, `POST /devices/:id/android/...`): device care
 * that has no cross-platform meaning.
 */
export const ANDROID_COMMANDS = {
  /** Locks auto-rotation and turns the screen to this rotation (degrees clockwise). */
  'android.rotate': z.object({ degrees: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]) }).strict(),
  /** Battery level, charging, temperature and whether the screen is on. */
  'android.health': z.object({}).strict(),
  /** Removes the on-device helpers the lab installed (the UiAutomator2 server). */
  'android.uninstall-helpers': z.object({}).strict(),
} as const;
