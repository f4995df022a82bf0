import { z } from 'zod';

/** Longest URL a web device is asked to open (browsers cut far longer ones; this keeps logs sane). */
export const MAX_WEB_URL_LENGTH = 2048;

/** The one non-network page a web device may show: the empty page. */
const BLANK = 'about:blank';

/**
 * Why a URL may not be opened on a web device, or undefined when its form is fine. Only
 * http(s) pages and the empty page: `file:` would read the worker host's disk, `data:` and
 * `javascript:` run code of the caller's choosing outside any origin, `chrome:`,
 * `view-source:` and `devtools:` are the browser's own pages (DESIGN.md section 8).
 */
export function webUrlProblem(text: string): string | undefined {
  if (text.length > MAX_WEB_URL_LENGTH) return `a URL of at most ${MAX_WEB_URL_LENGTH} characters`;
  if (text === BLANK) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `an http(s) URL (or ${BLANK}), not ${url.protocol}`;
  if (url.username !== '' || url.password !== '') return 'a URL without a user name or password in it';
  return undefined;
}

/** A URL a web device may open: http(s) or about:blank, bounded in length. */
export const WebUrl = z.string().superRefine((text, ctx) => {
  const problem = webUrlProblem(text);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `expected ${problem}` });
});
