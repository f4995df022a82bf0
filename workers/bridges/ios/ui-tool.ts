import type { Point } from '../../../core/model/index.js';

/** The hardware buttons the accessibility tools can press. */
export type IosButton = 'home' | 'lock' | 'side-button' | 'siri' | 'apple-pay';

/**
 * One accessibility/HID tool on the Mac host (AXe or idb), as the bridge uses it: the
 * accessibility tree as describe-all JSON, what is under a point, and one-finger input.
 * Several fingers at once go through the native helper instead.
 */
export interface UiTool {
  readonly name: 'axe' | 'idb';
  describeAll(udid: string): Promise<string>;
  describePoint(udid: string, point: Point): Promise<string>;
  tap(udid: string, point: Point): Promise<void>;
  /** A one-finger straight stroke in `seconds`. */
  swipe(udid: string, from: Point, to: Point, seconds: number): Promise<void>;
  /** A finger down or up on its own (AXe has it; idb does not), for paths of any shape. */
  touch?(udid: string, point: Point, phase: 'down' | 'up'): Promise<void>;
  /** Whether keys can be pressed with modifiers held (Cmd+A). */
  readonly keyCombos: boolean;
  type(udid: string, text: string): Promise<void>;
  /** One key by USB HID usage id, with modifier usage ids held. */
  key(udid: string, usage: number, modifiers: number[]): Promise<void>;
  button(udid: string, button: IosButton): Promise<void>;
}

/** Seconds for the tools' duration flags, at millisecond resolution. */
export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** Coordinates for the tools' flags: points, two decimals. */
export function coord(n: number): string {
  return String(Math.round(n * 100) / 100);
}
