// Orders of one venue partition's instrument that another partition's rules put in (a forced
// liquidation on the home partition, a strategy's order, a position's close): the order row is
// written by whoever places it, and only the venue steps cross the bus to the partition holding
// the instrument, which enters and cancels it on its own venue and writes what follows (fills,
// expiries) there. Entering is a message: a queued order is found by the partition's sweep anyway,
// so a lost message costs time, never the order. A cancel is a request: its answer is the
// partition's, refusals included.
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { ApiFailure } from '../http/envelope';
import type { InstrumentOwnership, NotOpenMessage } from '../modules/trading';
import type { ClusterBus } from './bus';
import { HOME_PARTITION, ownsCode, partitionOf, type VenuePartition } from './partitions';

export const enterSubject = (partition: number): string => `kabuto.venue.${partition}.enter`;
export const cancelSubject = (partition: number): string => `kabuto.venue.${partition}.cancel`;
/** As long as a forwarded customer request waits (forward.ts). */
export const CANCEL_TIMEOUT_MS = 5_000;

interface EnterMessage {
  orders: { id: number; userId: number }[];
}
interface CancelRequest {
  orderId: number;
  notOpen: NotOpenMessage;
}
type CancelAnswer = { ok: true } | { ok: false; msg: MessageKey; data: unknown };

/** What this partition's engine does for orders another partition's rules put in. */
export interface PartitionEngine {
  submitQueued(userId: number, orderIds: readonly number[]): Promise<unknown>;
  cancel(orderId: number, notOpen: NotOpenMessage): Promise<void>;
}

/**
 * The engine's view of the partitions: which instruments are its own, and how the others' orders
 * reach them. `partition` null: an API server placing orders itself, holding no instrument.
 */
export function partitionOwnership(
  bus: ClusterBus,
  partition: VenuePartition | { index: null; count: number },
  onError: (error: unknown) => void,
): InstrumentOwnership {
  const index = partition.index;
  return {
    owns: index === null ? () => false : (code) => ownsCode({ index, count: partition.count }, code),
    home: index === HOME_PARTITION,
    enterElsewhere(orders) {
      const byPartition = new Map<number, EnterMessage['orders']>();
      for (const o of orders) {
        const p = partitionOf(o.code, partition.count);
        byPartition.set(p, [...(byPartition.get(p) ?? []), { id: o.id, userId: o.userId }]);
      }
      for (const [p, list] of byPartition) {
        try {
          bus.publish(enterSubject(p), JSON.stringify({ orders: list } satisfies EnterMessage));
        } catch (error) {
          onError(error);
        }
      }
    },
    async cancelElsewhere(order, notOpen) {
      const p = partitionOf(order.code, partition.count);
      let text: string;
      try {
        text = await bus.request(cancelSubject(p), JSON.stringify({ orderId: order.id, notOpen } satisfies CancelRequest), CANCEL_TIMEOUT_MS);
      } catch {
        // Its partition is not answering (a takeover under way): the customer tries again.
        throw new ApiFailure(MSG.systemStarting, { venue: p });
      }
      const answer = JSON.parse(text) as CancelAnswer;
      if (!answer.ok) throw new ApiFailure(answer.msg, answer.data);
    },
  };
}

/** The partition leader: enters and cancels its instruments' orders placed elsewhere. Returns the stop. */
export function serveOtherPartitionsOrders(bus: ClusterBus, partition: VenuePartition, engine: PartitionEngine, onError: (error: unknown) => void): () => void {
  const offEnter = bus.subscribe(
    enterSubject(partition.index),
    (text) => {
      const message = JSON.parse(text) as EnterMessage;
      const byUser = new Map<number, number[]>();
      for (const o of message.orders) byUser.set(o.userId, [...(byUser.get(o.userId) ?? []), o.id]);
      for (const [userId, ids] of byUser) engine.submitQueued(userId, ids).catch(onError);
    },
    { queue: `venue-${partition.index}` },
  );
  const offCancel = bus.reply(
    cancelSubject(partition.index),
    async (text) => {
      const request = JSON.parse(text) as CancelRequest;
      const notOpen = request.notOpen === MSG.orderNotClosing ? MSG.orderNotClosing : MSG.orderNotPending;
      try {
        await engine.cancel(request.orderId, notOpen);
        return JSON.stringify({ ok: true } satisfies CancelAnswer);
      } catch (error) {
        if (error instanceof ApiFailure) return JSON.stringify({ ok: false, msg: error.msgKey, data: error.data } satisfies CancelAnswer);
        onError(error);
        return JSON.stringify({ ok: false, msg: MSG.systemStarting, data: null } satisfies CancelAnswer);
      }
    },
    { queue: `venue-${partition.index}` },
  );
  return () => {
    offEnter();
    offCancel();
  };
}
