// The operators' support stream across a cluster (GET /api/ops/support/live): every process
// publishes what its writers committed on core NATS `kabuto.support.live`; every API server
// hands each event to its own connected consoles. Live only, like the in-process hub
// (modules/support/live.ts): a console that reconnects reloads the inbox.
import type { OpsSupportLiveEvent } from '@kabuto/shared-sdk/schemas';
import type { SupportLiveHub } from '../modules/support';
import type { ClusterBus } from './bus';

export const SUPPORT_LIVE_SUBJECT = 'kabuto.support.live';

export interface ClusterSupportLiveHub extends SupportLiveHub {
  close(): void;
}

export function createClusterSupportLiveHub(bus: ClusterBus, opts: { onError?: (error: unknown) => void } = {}): ClusterSupportLiveHub {
  const onError = opts.onError ?? (() => undefined);
  const listeners = new Set<(event: OpsSupportLiveEvent) => void>();
  const off = bus.subscribe(SUPPORT_LIVE_SUBJECT, (data) => {
    if (listeners.size === 0) return;
    let event: OpsSupportLiveEvent;
    try {
      event = JSON.parse(data) as OpsSupportLiveEvent;
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // One closing stream must not stop the others.
      }
    }
  });
  return {
    publish: (event) => bus.publish(SUPPORT_LIVE_SUBJECT, JSON.stringify(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
    close: () => {
      off();
      listeners.clear();
    },
  };
}
