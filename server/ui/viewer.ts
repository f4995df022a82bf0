import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { invalidArgs } from '../../core/wire/invalid-args.js';
import type { UiClientEvents, UiServerEvents } from '../../core/wire/ui-protocol.js';
import type { Actor } from '../auth/actor.js';
import type { FrameRelay } from './frame-relay.js';

export type UiSocket = Socket<UiClientEvents, UiServerEvents>;

/** One open dashboard page: who it is, and what it follows. */
export interface Viewer {
  socket: UiSocket;
  actor: Actor;
  frames: Map<string, { relay: FrameRelay; unsubscribe: () => void }>;
  /** Keys of the shared outline watches this page follows. */
  outlines: Set<string>;
}

/** A page's message checked against its schema; INVALID_ARGS naming what was wrong otherwise. */
export function parseMessage<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw invalidArgs('invalid message', r.error.issues, '(message)');
  return r.data;
}

/** The ack a page passed, or nothing to call when it passed none. */
export function replyOf<T>(ack: unknown): (answer: T) => void {
  return typeof ack === 'function' ? (ack as (answer: T) => void) : () => undefined;
}

/** Runs a handler that answers nothing: a bad message or a failure is dropped, never thrown into socket.io. */
export function quietly<A extends unknown[]>(fn: (...args: A) => Promise<unknown> | unknown): (...args: A) => void {
  return (...args: A) => {
    void Promise.resolve()
      .then(() => fn(...args))
      .catch(() => undefined);
  };
}
