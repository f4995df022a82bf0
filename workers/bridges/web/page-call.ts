/**
 * A function written in TypeScript, as an expression that calls it in the page. Under tsx,
 * named inner functions are wrapped in `__name(...)` calls that the page does not define: give
 * it a no-op one.
 */
export function pageCall(fn: (...args: never[]) => unknown, ...args: unknown[]): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${args.map((a) => JSON.stringify(a)).join(', ')}); })()`;
}
