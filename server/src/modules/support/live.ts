// The operators' live stream of support events (GET /api/ops/support/live): every event of
// every conversation goes to every connected operator console. In-process, like the per-user
// hub (market/ws/user-events.ts); published after the change has committed.
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';

export type OpsLiveListener = (event: OpsSupportLiveEvent) => void;

export interface SupportLiveHub {
  publish(event: OpsSupportLiveEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: OpsLiveListener): () => void;
  listeners(): number;
}

export function createSupportLiveHub(): SupportLiveHub {
  const listeners = new Set<OpsLiveListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          // One closing stream must not stop the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
  };
}
