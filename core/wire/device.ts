import { z } from 'zod';

/** Device and worker ids: serials (`emulator-5554`, `127.0.0.1:5555`), UDIDs and our own (`local-web-1`). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:@-]*$/;
/** Display text a worker announces: no tag brackets or control characters (it is shown to people). */
export const DisplayText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/[<>]/.test(text) && ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'no markup (< >) or control characters');

/** Schemas of workers/bridge.ts Capabilities and DeviceInfo, for what crosses the wire. */
export const CapabilitiesSchema = z
  .object({
    multiTouch: z.boolean(),
    hitTest: z.boolean(),
    type: z.boolean(),
    paste: z.boolean(),
    keys: z.array(z.string().max(50)).max(200),
    buttons: z.array(z.enum(['back', 'home'])),
    screenshot: z.boolean(),
    frames: z.boolean(),
    record: z.boolean(),
    platformVerbs: z.array(z.string().max(50)).max(50),
    reasons: z.record(z.string().max(50), z.string().max(500)).optional(),
  })
  .strict();

/**
 * How a device is doing, as its worker last saw it: the frame path picked for it (why, and the
 * frame rate measured while it streamed), its battery, and its on-device helpers. Phones report
 * it; every part is optional.
 */
export const DeviceStatusSchema = z
  .object({
    frames: z
      .object({
        path: z.enum(['minicap', 'screenrecord', 'screencap']),
        reason: DisplayText(500),
        /** Frames per second over the last seconds it streamed; null before it streamed. */
        fps: z.number().min(0).max(1000).nullable(),
      })
      .strict()
      .optional(),
    battery: z
      .object({
        level: z.number().min(0).max(100).nullable(),
        temperatureC: z.number().min(-100).max(200).nullable(),
        charging: z.boolean().nullable(),
      })
      .strict()
      .optional(),
    helpers: z
      .array(
        z
          .object({
            name: DisplayText(100),
            state: z.enum(['running', 'off', 'unavailable', 'removed']),
            detail: DisplayText(500).optional(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
  })
  .strict();

/** One device as a worker announces it: DeviceInfo plus its capabilities. */
export const DeviceDescriptorSchema = z
  .object({
    id: z.string().min(1).max(200).regex(DEVICE_ID_PATTERN, 'letters, digits and _ . : @ - only'),
    platform: z.enum(['android', 'ios', 'web']),
    model: DisplayText(200),
    name: DisplayText(200),
    size: z.object({ w: z.number().positive().max(20_000), h: z.number().positive().max(20_000) }).strict(),
    scale: z.number().positive().max(10),
    orientation: z.enum(['portrait', 'landscape']),
    capabilities: CapabilitiesSchema,
    status: DeviceStatusSchema.optional(),
  })
  .strict();

export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
export type DeviceDescriptor = z.infer<typeof DeviceDescriptorSchema>;
