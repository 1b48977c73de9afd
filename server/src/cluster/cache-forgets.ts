// Cache forgets across a cluster (caches/forget-relay.ts): what one process forgets (a revoked
// session, a frozen customer, a posting that changed a wallet, an operator roster change) goes on
// core NATS to every other process, which forgets it too. Forgets of one turn of the event loop
// travel as one message (a busy venue forgets a wallet at every fill). A process that misses a
// message (the bus down) still drops the entry when it expires (5 s at most, SESSION_CACHE_MS).
import { forgetHere, relayForgets } from '../caches/forget-relay';
import type { ClusterBus } from './bus';

export const CACHE_FORGETS_SUBJECT = 'kabuto.caches.forget';

interface ForgetBatch {
  origin: string;
  forgets: [name: string, key: string][];
}

/** Connects this process's forgets to the bus; `origin` names this process. Returns the disconnect. */
export function shareCacheForgets(bus: ClusterBus, origin: string, opts: { onError?: (error: unknown) => void } = {}): () => void {
  let pending = new Map<string, [string, string]>();
  const flush = (): void => {
    const forgets = [...pending.values()];
    pending = new Map();
    bus.publish(CACHE_FORGETS_SUBJECT, JSON.stringify({ origin, forgets } satisfies ForgetBatch));
  };
  relayForgets((name, key) => {
    if (pending.size === 0) setImmediate(flush);
    pending.set(`${name}\u0000${key}`, [name, key]);
  });
  const off = bus.subscribe(CACHE_FORGETS_SUBJECT, (data) => {
    try {
      const batch = JSON.parse(data) as ForgetBatch;
      if (batch.origin === origin) return;
      for (const [name, key] of batch.forgets) forgetHere(name, key);
    } catch (error) {
      opts.onError?.(error);
    }
  });
  return () => {
    relayForgets(null);
    off();
  };
}
