import { z } from 'zod';

/** A selector as text: `@7`, `@7f3a:7`, `#3`, `#3@2`, `#login`, `text="OK"`, `role=Button[label="OK"]`. */
export const SelectorText = z.string().min(1).max(500);

/** Far beyond any screen, near enough that no arithmetic on it overflows into nonsense. */
const MAX_COORDINATE = 20_000;
const coordinate = z.number().finite().min(-MAX_COORDINATE).max(MAX_COORDINATE);

export const PointArg = z.object({ x: coordinate, y: coordinate }).strict();

/** An action's target: a selector, or a point in device points. */
export const Target = z.union([SelectorText, PointArg]);
export type TargetArg = z.infer<typeof Target>;
