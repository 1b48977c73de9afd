// The positions tab 'following' (trading's listPositions): the customer's positions opened by
// their followings' mirrored buys, registered with trading as a copied-position source.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { CopiedPositionSource } from '../../trading';
import { strategyFollowings, strategyMirroredOrders } from '../schema';

export const copiedPositions: CopiedPositionSource = {
  name: 'strategies',
  async positionIds(db: Database, userId: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ id: strategyMirroredOrders.positionId })
      .from(strategyMirroredOrders)
      .innerJoin(strategyFollowings, eq(strategyFollowings.id, strategyMirroredOrders.followingId))
      .where(and(eq(strategyFollowings.userId, userId), eq(strategyMirroredOrders.kind, 'open'), isNotNull(strategyMirroredOrders.positionId)));
    return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  },
};
