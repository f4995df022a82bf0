import { z } from 'zod';

/** Schemas of workers/bridge.ts Capabilities and DeviceInfo, for what crosses the wire. */
export const CapabilitiesSchema = z
  .object({
    multiTouch: z.boolean(),
    hitTest: z.boolean(),
    type: z.boolean(),
    paste: z.boolean(),
    keys: z.array(z.string()),
    buttons: z.array(z.enum(['back', 'home'])),
    screenshot: z.boolean(),
    frames: z.boolean(),
    record: z.boolean(),
    platformVerbs: z.array(z.string()),
    reasons: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/** One device as a worker announces it: DeviceInfo plus its capabilities. */
export const DeviceDescriptorSchema = z
  .object({
    id: z.string().min(1).max(200),
    platform: z.enum(['android', 'ios', 'web']),
    model: z.string().max(200),
    name: z.string().max(200),
    size: z.object({ w: z.number().positive(), h: z.number().positive() }).strict(),
    scale: z.number().positive(),
    orientation: z.enum(['portrait', 'landscape']),
    capabilities: CapabilitiesSchema,
  })
  .strict();

export type Capabilities = z.infer<typeof CapabilitiesSchema>;
export type DeviceDescriptor = z.infer<typeof DeviceDescriptorSchema>;
