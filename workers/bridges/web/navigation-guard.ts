import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { UrlPolicy } from './url-policy.js';

export interface RefusedRequest {
  url: string;
  reason: string;
}

/** What the guard refused so far: how many requests, and the latest. */
export interface RefusalLog {
  count: number;
  last?: RefusedRequest;
}

interface RequestPaused {
  requestId: string;
  request: { url: string };
}

/**
 * Keeps a web device's page inside its URL policy, whatever the page itself does: every
 * request of the page (navigations, each hop of a redirect, subresources, fetches, forms) is
 * paused through CDP's Fetch domain and let through only if the policy allows it, so neither
 * a link, a redirect nor a script reaches `file:` or a refused host. Pages it opens
 * (window.open, target=_blank) are not part of the device: their requests are aborted and
 * the pages closed. Cross-site frames must share the page's process for this to see them
 * (launch.ts turns site isolation off).
 */
export async function guardNavigation(
  context: BrowserContext,
  page: Page,
  cdp: CDPSession,
  policy: UrlPolicy,
  onRefused: (refused: RefusedRequest) => void,
): Promise<void> {
  const onMainPage = (request: { frame(): { page(): Page } }): boolean => {
    try {
      return request.frame().page() === page;
    } catch {
      // A popup's first navigation has no frame yet.
      return false;
    }
  };
  await context.route('**/*', (route) => {
    if (onMainPage(route.request())) return route.fallback();
    onRefused({ url: route.request().url(), reason: 'the web device shows one page; pages it opens are closed' });
    return route.abort('blockedbyclient');
  });
  context.on('page', (other) => {
    if (other !== page) void other.close().catch(() => undefined);
  });
  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    void policy
      .refusal(event.request.url)
      .then((reason) => {
        if (reason === undefined) return cdp.send('Fetch.continueRequest', { requestId: event.requestId });
        onRefused({ url: event.request.url, reason });
        return cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
      })
      // The page may have gone (closed, crashed) with the request still paused.
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
