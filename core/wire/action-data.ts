import { z } from 'zod';

/** A snapshot id: the content hash an outline's header shows. */
export const SnapshotIdSchema = z.string().min(1).max(100);

export const StillnessSchema = z.object({ still: z.boolean(), ms: z.number() }).strict();

const DeliverySchema = z.enum(['unknown', 'not_delivered', 'delivery_uncertain', 'delivered_unverified', 'delivered_verified']);

/**
 * What every device action answers (beside command-specific fields): the session builds it, the
 * envelope carries it, and the action log keeps its trace (ActionTraceSchema) without guessing
 * at the envelope's shape.
 */
export const ActionDataSchema = z.object({
  delivered: z.literal(true),
  delivery: DeliverySchema,
  /** Where the action landed, and the element there in a few words (`Tab "Settings"`) when there was one. */
  target: z
    .object({
      selector: z.string().optional(),
      tap: z.object({ x: z.number(), y: z.number() }).strict(),
      element: z.string().optional(),
      /** A selector for the element that holds on another run of the app (id, text, role and label, cell), for flows. */
      stable: z.string().optional(),
    })
    .strict()
    .optional(),
  before: SnapshotIdSchema,
  /**
   * Set when `before` is the device's last look (taken at most a few seconds earlier) rather
   * than a read made for this action: input at a point goes out at once, and the diff spans
   * from that look. How old it was when the input went out.
   */
  before_age_ms: z.number().int().min(0).optional(),
  after: SnapshotIdSchema,
  /** The settled diff as text. */
  diff: z.string(),
  still: StillnessSchema,
});

/** The part of an action's result the action log keeps: the snapshots it went between and the diff. */
export const ActionTraceSchema = ActionDataSchema.pick({ before: true, after: true, diff: true }).partial();

export type ActionData = z.infer<typeof ActionDataSchema>;
export type ActionTrace = z.infer<typeof ActionTraceSchema>;
