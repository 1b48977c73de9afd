// A following ended with "close my copied positions" while a close of one of them is still
// working at the venue: a mirrored close (the leader sold half; the follower's market sell found no
// bid and waits), or the customer's own close of the whole position. The position cannot take a
// second close, so the end records the close as waiting on that order. Once the venue has filled
// it, the sweep sells what it left at market, or, when it sold everything, names it as the close.
// Whole app on PGlite and the simulated venue; nothing is left held, and the ledger balances.
import { eq } from 'drizzle-orm';
import type { FollowingView } from '@kabuto/shared-sdk/schemas';
import { checkLedger } from '../funds';
import { tradingPositions } from '../trading';
import { closeAfterAwaitedCloses } from './following/following';
import {
  closeAtMarket,
  createTrader,
  followForm,
  followingOf,
  placeOrder,
  publishedLeader,
  strategy,
  useStrategiesTestApp,
  type TestCustomer,
} from './testing/strategies-test-kit';

jest.setTimeout(120_000);

const t = useStrategiesTestApp();

const following = (c: TestCustomer, id: number): Promise<FollowingView> => followingOf(t.app, c, id);

const positionRow = async (id: number) => (await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, id)))[0];

test('stop and close while a close is working: the close waits for it, then the sweep sells the rest or names it', async () => {
  const { leader, street, strategyId } = await publishedLeader(t, { name: 'Half seller', description: 'Sells half.' });
  const p = t.runtime.market.quote('8306').previousClose / 10;
  // ¥700,000 against the leader's ~¥3m equity: 2 lots of the leader's 10.
  const follower = await createTrader(t, 2_000_000n);
  const followed = await strategy<FollowingView>(t.app, 'follow', followForm(strategyId, '700000', '2025-03-31'), follower);
  expect(followed.status).toBe(1);
  const id = followed.data.id;
  // ¥350,000: 1 lot of the leader's 10, and none of the leader's half-sell (0.5 lot rounds down).
  const own = await createTrader(t, 2_000_000n);
  const ownFollowed = await strategy<FollowingView>(t.app, 'follow', followForm(strategyId, '350000', '2025-03-31'), own);
  expect(ownFollowed.status).toBe(1);
  const ownId = ownFollowed.data.id;

  await street.askAt(p, 10);
  await street.askAt(p + 5, 5);
  const bought = await placeOrder(t, leader, { code: '8306', price: String(p), lots: 10 });
  expect(bought.data.status).toBe('holding');
  await t.settle();
  const copied = (await following(follower, id)).mirrored[0];
  expect(copied).toMatchObject({ side: 'buy', quantity: 200, outcome: 'placed' });
  const positionId = copied?.positionId as number;
  expect(await positionRow(positionId)).toMatchObject({ status: 'holding', openQuantity: 200 });
  const ownCopy = (await following(own, ownId)).mirrored[0];
  expect(ownCopy).toMatchObject({ side: 'buy', quantity: 100, outcome: 'placed' });
  const ownPositionId = ownCopy?.positionId as number;

  // The leader sells half into the only bids: the follower's mirrored 1-lot market sell finds none and waits.
  await street.bidAt(p, 5);
  expect(await closeAtMarket(t.app, leader, bought.data.id, 5)).toBe(1);
  await t.settle();
  const mirroredClose = (await following(follower, id)).mirrored.find((m) => m.side === 'sell');
  expect(mirroredClose).toMatchObject({ quantity: 100, outcome: 'placed' });
  expect(await positionRow(positionId)).toMatchObject({ status: 'closing', closedQuantity: 0 });
  expect((await following(own, ownId)).mirrored.filter((m) => m.side === 'sell' && m.outcome === 'placed')).toEqual([]);
  // The other follower sells their whole copy at market themselves: no bid either, it waits.
  expect(await closeAtMarket(t.app, own, ownPositionId, 1)).toBe(1);
  await t.settle();
  expect(await positionRow(ownPositionId)).toMatchObject({ status: 'closing', closedQuantity: 0 });

  // Stop and close: the position already has a close working, so the end's close waits on it.
  expect(await strategy(t.app, 'stop', { id, positions: 'close' }, follower)).toMatchObject({ status: 1, data: { status: 'ended' } });
  const stopped = await following(follower, id);
  expect(stopped.closedAtEnd).toEqual([expect.objectContaining({ code: '8306', reason: 'customer', state: 'waiting', orderId: null, refusal: null })]);
  expect(await strategy(t.app, 'stop', { id: ownId, positions: 'close' }, own)).toMatchObject({ status: 1 });
  expect((await following(own, ownId)).closedAtEnd).toEqual([expect.objectContaining({ state: 'waiting', orderId: null })]);
  expect(await closeAfterAwaitedCloses(t.strategies)).toBe(0);

  // Bids arrive: the mirrored sell and the customer's own sell fill 1 lot each; the sweep then sells
  // the first follower's remaining lot at market, and names the own sell as the second's close.
  await street.bidAt(p, 3);
  await t.settle();
  expect(await positionRow(positionId)).toMatchObject({ status: 'holding', closedQuantity: 100 });
  expect(await positionRow(ownPositionId)).toMatchObject({ status: 'closed', closedQuantity: 100 });
  expect(await closeAfterAwaitedCloses(t.strategies)).toBe(2);
  await t.settle();
  expect(await closeAfterAwaitedCloses(t.strategies)).toBe(0);
  expect(await positionRow(positionId)).toMatchObject({ status: 'closed', closedQuantity: 200 });
  const ended = await following(follower, id);
  expect(ended.heldPositions).toBe(0);
  expect(ended.closedAtEnd).toEqual([expect.objectContaining({ state: 'filled', quantity: 100, filledQuantity: 100, fillPrice: String(p), refusal: null })]);
  const ownEnded = await following(own, ownId);
  expect(ownEnded.heldPositions).toBe(0);
  expect(ownEnded.closedAtEnd).toEqual([expect.objectContaining({ state: 'filled', quantity: 100, filledQuantity: 100, fillPrice: String(p) })]);
  expect((await checkLedger(t.db)).balanced).toBe(true);
});
