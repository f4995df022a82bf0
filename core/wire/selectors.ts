import { z } from 'zod';

/** A selector as text: `@7`, `@7f3a:7`, `#3`, `#3@2`, `#login`, `text="OK"`, `role=Button[label="OK"]`. */
export const SelectorText = z.string().min(1).max(500);

export const PointArg = z.object({ x: z.number().finite(), y: z.number().finite() }).strict();

/** An action's target: a selector, or a point in device points. */
export const Target = z.union([SelectorText, PointArg]);
export type TargetArg = z.infer<typeof Target>;
