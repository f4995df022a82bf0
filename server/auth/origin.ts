import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which web pages may act with a person's dashboard cookie (issue 18, item 5): the hub's own
 * origin, plus SIMLAB_ALLOWED_ORIGINS. SameSite does not separate two ports of one host, so a
 * page on another port could otherwise open /ui or post to a device route as the signed-in
 * person (cross-site WebSocket hijacking, CSRF). Requests with an API token in the
 * Authorization header are not browser-ambient and are not checked.
 */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.SIMLAB_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`SIMLAB_ALLOWED_ORIGINS: "${entry}" is not an origin like https://lab.example.com`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SIMLAB_ALLOWED_ORIGINS: "${entry}" is not an http(s) origin`);
      return url.origin;
    });
}

/**
 * Whether a browser request comes from an allowed page. The Origin header decides: the hub's
 * own (same host and port as the Host header) or a listed one. Without Origin (old browsers,
 * same-origin GETs, non-browser clients) Sec-Fetch-Site decides: anything but cross-site and
 * same-site passes.
 */
export function originAllowed(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === '') {
    const site = headers['sec-fetch-site'];
    return site !== 'cross-site' && site !== 'same-site';
  }
  if (origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (headers.host !== undefined && url.host === headers.host) return true;
  return allowed.includes(url.origin);
}

/** Whether the request authenticates with the dashboard cookie rather than an Authorization header. */
export function usesCookie(headers: IncomingHttpHeaders): boolean {
  return headers.authorization === undefined && typeof headers.cookie === 'string' && headers.cookie !== '';
}
