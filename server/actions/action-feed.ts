import type { ActionRecord } from '../store/store.js';

/** An action as it is recorded: `begun` before it is sent, `finished` with its envelope and evidence. */
export interface ActionEvent {
  kind: 'begun' | 'finished';
  action: ActionRecord;
}

type Listener = (event: ActionEvent) => void;

/** Live actions of one hub (a member of its services), for whoever shows them as they happen (the dashboard's log). */
export class ActionFeed {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: ActionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must never fail the action that is being recorded.
      }
    }
  }
}
