import type { CDPSession } from 'playwright-core';

/** Requests remembered at most; a page that floods beyond it loses its oldest (the 5 s cap still bounds the wait). */
const MAX_TRACKED = 1000;
/** Streams that stay open by design: waiting for them to end would always hit the cap. */
const OPEN_ENDED = new Set(['EventSource', 'WebSocket']);

/**
 * The page's network requests still in flight, from the Network domain of the device's own CDP
 * session, each with when it started (this process's performance clock). Stillness asks how many
 * an action started are still open: the screen may change when they answer.
 */
export class InFlightRequests {
  /** Each open request's start and the document (loader) that made it. */
  private readonly open = new Map<string, { started: number; loaderId: string }>();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; loaderId: string; type?: string }) => {
      if (e.type && OPEN_ENDED.has(e.type)) return;
      // A redirect keeps its id and its first start.
      if (this.open.has(e.requestId)) return;
      this.open.set(e.requestId, { started: performance.now(), loaderId: e.loaderId });
      if (this.open.size > MAX_TRACKED) this.open.delete(this.open.keys().next().value as string);
    });
    const done = (e: { requestId: string }) => this.open.delete(e.requestId);
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    // Chromium may never end a request whose document was replaced while it was paused or
    // starting (its beforeunload's fetch, the old page's favicon): it cannot change the new
    // document, which by its commit has made no request but its own.
    cdp.on('Page.frameNavigated', (e: { frame: { parentId?: string; loaderId: string } }) => {
      if (e.frame.parentId !== undefined) return;
      for (const [id, request] of this.open) if (request.loaderId !== e.frame.loaderId) this.open.delete(id);
    });
  }

  /** Requests started at or after `since` and not yet answered. */
  startedSince(since: number): number {
    let n = 0;
    for (const { started } of this.open.values()) if (started >= since) n++;
    return n;
  }
}
