import { z } from 'zod';

/**
 * A flow: a recorded session's actions as steps that name elements by stable selectors, with
 * each step's expected settled change and the screen it should end on. Flow files come from
 * anyone, so every list and string is bounded here.
 */
export const FLOW_VERSION = 1;
/** Most steps one flow holds (a long recorded session is cut into several flows). */
export const FLOW_MAX_STEPS = 100;
/** Most `+` or `-` lines a step's expected change keeps. */
export const FLOW_MAX_EXPECT_LINES = 60;
/** Longest expected line (an outline line is at most a few hundred characters). */
export const FLOW_MAX_LINE = 1000;
/** Longest outline a flow expects to end on. */
export const FLOW_MAX_SCREEN = 64 * 1024;

const Line = z.string().max(FLOW_MAX_LINE);

/** What a step is expected to change: another screen (`Home → Settings`), or the lines that came and went. */
export const FlowExpectSchema = z
  .object({
    screen: z.string().max(300).optional(),
    added: z.array(Line).max(FLOW_MAX_EXPECT_LINES).optional(),
    removed: z.array(Line).max(FLOW_MAX_EXPECT_LINES).optional(),
  })
  .strict();

export const FlowStepSchema = z
  .object({
    /** A device command of core/wire/commands.ts (its arguments are checked against its schema before a flow runs). */
    command: z.string().min(1).max(60),
    args: z.record(z.string().max(60), z.unknown()).default({}),
    expect: FlowExpectSchema.optional(),
    /** Why the step is as it is (a point where no selector named the element). */
    note: z.string().max(500).optional(),
  })
  .strict();

export const FlowSchema = z
  .object({
    flow: z.literal(FLOW_VERSION),
    name: z.string().max(200).optional(),
    /** Where the flow was recorded. */
    source: z
      .object({
        session: z.string().max(200).optional(),
        app: z.string().max(500).optional(),
        screen: z.object({ w: z.number().positive().max(20_000), h: z.number().positive().max(20_000) }).strict().optional(),
      })
      .strict()
      .optional(),
    steps: z.array(FlowStepSchema).min(1).max(FLOW_MAX_STEPS),
    /** The outline the recorded session ended on, without its stillness and snapshot id. */
    end: z.object({ screen: z.string().max(FLOW_MAX_SCREEN) }).strict().optional(),
  })
  .strict();

export type Flow = z.infer<typeof FlowSchema>;
export type FlowStep = z.infer<typeof FlowStepSchema>;
export type FlowExpect = z.infer<typeof FlowExpectSchema>;

/** How a step of a run went: as recorded, a different change, or stopped (the run ends there). */
export const FlowStepStatusSchema = z.enum(['ok', 'changed', 'target_not_found', 'failed']);

export const FlowStepReportSchema = z.object({
  step: z.number().describe('1-based'),
  command: z.string(),
  status: FlowStepStatusSchema,
  /** The settled diff the step answered, when it ran. */
  diff: z.string().optional(),
  expect: FlowExpectSchema.optional(),
  /** The step's error code when it stopped the run. */
  error: z.string().optional(),
});

export const FlowRunSchema = z.object({
  steps: z.array(FlowStepReportSchema),
  /** Whether the device ended on the flow's end screen (content, not snapshot id); null when the flow names none. */
  endSame: z.boolean().nullable(),
  endScreen: z.string().optional().describe('the screen the run ended on, when it differs from the expected one'),
  recordingId: z.string().nullable(),
});

export type FlowStepReport = z.infer<typeof FlowStepReportSchema>;
export type FlowRun = z.infer<typeof FlowRunSchema>;
