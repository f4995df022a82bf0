// What the bridge reads from a device once: screen size in pixels and density (an override
// set with `wm size/density` wins over the physical value), model and Android version.

export interface DeviceFacts {
  widthPx: number;
  heightPx: number;
  /** Dots per inch; points are dp, so device pixels per point = density / 160. */
  density: number;
  model: string;
  manufacturer: string;
  release: string;
  sdk: number;
}

/** `Physical size: 1080x2400` / `Override size: 720x1600`. */
export function parseWmSize(text: string): { w: number; h: number } | undefined {
  const pick = /Override size:\s*(\d+)x(\d+)/.exec(text) ?? /Physical size:\s*(\d+)x(\d+)/.exec(text);
  return pick ? { w: Number(pick[1]), h: Number(pick[2]) } : undefined;
}

/** `Physical density: 440` / `Override density: 320`. */
export function parseWmDensity(text: string): number | undefined {
  const pick = /Override density:\s*(\d+)/.exec(text) ?? /Physical density:\s*(\d+)/.exec(text);
  return pick ? Number(pick[1]) : undefined;
}
