// Quotes across venue partitions (partition-quotes.ts): a partition reads the quote of another's
// instrument from that partition, whose book has its customers' orders in it, never from its own
// copy of the seeded path; and it publishes only its own instruments.
import { fixedClock } from '../clock';
import { createMarketRuntime, type MarketRuntime } from '../modules/market';
import { testUniverse } from '../modules/market/testing/market-test-kit';
import { connectClusterBus, type ClusterBus } from './bus';
import { shareQuotes, type SharedQuotes } from './partition-quotes';
import { partitionOf } from './partitions';
import { startNatsServer, type TestNatsServer } from './testing/nats-server';
import { until } from './testing/until';

const CODES = ['8306', '7203'] as const; // partition 0's and partition 1's of 2
const MORNING = new Date('2025-01-06T01:00:00Z'); // Monday 10:00 JST

let nats: TestNatsServer;
const buses: ClusterBus[] = [];
const shared: SharedQuotes[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  for (const s of shared) s.stop();
  for (const b of buses) await b.close();
  await nats.stop();
});

function runtime(): MarketRuntime {
  return createMarketRuntime({ clock: fixedClock(MORNING), seed: 'trading-test', universe: testUniverse([...CODES]), eventRate: 1e-9 });
}

test("a partition's quote of another's instrument is that partition's, customers' orders included", async () => {
  expect(CODES.map((c) => partitionOf(c, 2))).toEqual([0, 1]);
  const [zero, one] = [runtime(), runtime()];
  const sharing = async (r: MarketRuntime, index: number) => {
    const bus = await connectClusterBus({ url: nats.url, name: `quotes-${index}` });
    buses.push(bus);
    const s = shareQuotes(bus, { index, count: 2 }, r.board, () => r.market.instruments(), { publishMs: 20 });
    shared.push(s);
    r.market.quoteOthersFrom(s.others);
    return s;
  };
  const [s0, s1] = [await sharing(zero, 0), await sharing(one, 1)];
  // A customer's buy crosses the seed's ask in partition 0's book of 8306; partition 1's own copy of the path has no such trade.
  const ask = zero.market.quote('8306').bestAsk;
  if (ask === null) throw new Error('the seed should leave an ask in 8306');
  expect(zero.market.submitOrder({ code: '8306', side: 'buy', type: 'limit', price: ask, quantity: 100, ownerId: 'u1', clientOrderId: 'k1' }).status).toBe(
    'accepted',
  );
  zero.board.refreshAll();
  one.board.refreshAll();
  const traded = zero.market.quote('8306');
  expect(traded.volume).toBe(one.market.simulator.stats('8306').volume + 100);
  await until(() => s1.others.latest('8306')?.volume === traded.volume, "partition 0's quote of 8306 at partition 1");
  expect(one.market.quote('8306')).toEqual(traded);
  // Each publishes its own instruments only, and reads its own from its own book.
  await until(() => s0.others.latest('7203') !== undefined, "partition 1's quote of 7203 at partition 0");
  expect(s0.others.latest('8306')).toBeUndefined();
  expect(s1.others.latest('7203')).toBeUndefined();
  expect(zero.market.holds('8306') && !zero.market.holds('7203')).toBe(true);
}, 60_000);
