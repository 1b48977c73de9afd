// Firing on random price paths: each alert fires exactly at the first trade
// at or after its arming that meets its rule, never twice, with one site message, one outbox copy
// and one push; a restart in the middle of the path (graceful, a crash that drops the queue while
// a firing may be in flight, or a new process that read the alerts before the old one finished)
// and the venue's replay of the day's tape change none of it.
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { siteMessages } from '../identity';
import { outbox } from '../../notifications/schema';
import { createAlert, type AlertRuleForm } from './alerts';
import { firstMet } from './rules';
import { priceAlerts } from './schema';
import { createCustomer, START, startAlertServices, trade, type ServiceContext, type TestCustomer } from './testing/price-alerts-test-kit';
import { AlertWatcher } from './watcher';
import { tenthsOf } from './views';

let t: ServiceContext;
let customer: TestCustomer;
beforeAll(async () => {
  t = await startAlertServices(20_000);
  customer = await createCustomer({ db: t.db, clock: t.clock });
}, 120_000);
afterAll(async () => t.close());

const CLOSE = 20_000; // ¥2,000.0; table '01' ticks are ¥1 (10 tenths) in this band.

const ruleArb: fc.Arbitrary<AlertRuleForm> = fc.oneof(
  fc.record({ kind: fc.constant('above' as const), price: fc.integer({ min: 1_900, max: 2_300 }).map(String), direction: fc.constant('both' as const) }),
  fc.record({ kind: fc.constant('below' as const), price: fc.integer({ min: 1_700, max: 2_100 }).map(String), direction: fc.constant('both' as const) }),
  fc.record({
    kind: fc.constant('move' as const),
    movePercent: fc.integer({ min: 1, max: 150 }).map((tenths) => tenths * 10),
    direction: fc.constantFrom('both' as const, 'up' as const, 'down' as const),
  }),
);

const scenario = fc.record({
  rules: fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
  /** Trades before the alerts were armed: they never count. */
  before: fc.array(fc.integer({ min: -150, max: 150 }), { maxLength: 5 }),
  /** Steps of the walk in ¥1 ticks. */
  steps: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength: 40 }),
  restartAt: fc.nat(),
  replayFrom: fc.nat(),
  crash: fc.boolean(),
  /** The new process read the alerts before the old one finished (both hold them as active). */
  overlap: fc.boolean(),
});

async function counts(ids: number[]) {
  const sm = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, customer.user.id));
  const out = await t.db.select().from(outbox).where(eq(outbox.recipient, customer.user.account));
  const rows = ids.length ? await t.db.select().from(priceAlerts).where(inArray(priceAlerts.id, ids)) : [];
  return {
    site: sm.filter((m) => m.kind === 'price_alert').length,
    sms: out.filter((o) => o.channel === 'sms').length,
    push: out.filter((o) => o.channel === 'push').length,
    rows,
  };
}

test('fires exactly when the rule is first met, once, across a restart', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      t.clock.set(START);
      await t.db.delete(priceAlerts).where(eq(priceAlerts.userId, customer.user.id));
      const created = [];
      for (const rule of s.rules) created.push(await createAlert(t.deps, customer.user.id, { code: '7203', ...rule }));
      const ids = created.map((r) => r.id);
      const base = await counts(ids);

      const prices: number[] = [];
      let p = CLOSE;
      for (const step of s.steps) {
        p = Math.max(10, p + step * 10);
        prices.push(p);
      }
      const early = s.before.map((d, i) => trade('7203', CLOSE + d * 10, START.getTime() - 10_000 + i));
      const tape = [...early, ...prices.map((price, i) => trade('7203', price, START.getTime() + (i + 1) * 1_000))];
      t.clock.set(new Date(START.getTime() + 60_000));

      // Before the restart: the first `restartAt` trades of the tape.
      const cut = s.restartAt % (tape.length + 1);
      const first = new AlertWatcher(t.deps);
      await first.start();
      const second = new AlertWatcher(t.deps);
      if (s.overlap) await second.start();
      for (const tr of tape.slice(0, cut)) t.venue.emit(tr);
      if (!s.crash) await first.idle();
      first.stop();
      // After: the venue replays the day from some earlier trade (from the open after a crash or an overlap).
      const from = s.crash || s.overlap ? 0 : s.replayFrom % (cut + 1);
      if (!s.overlap) await second.start();
      for (const tr of tape.slice(from)) t.venue.emit(tr);
      await Promise.all([first.idle(), second.idle()]);
      second.stop();

      const after = await counts(ids);
      let expectedFired = 0;
      for (const row of created) {
        const rule = { kind: row.kind, price: row.price, moveBp: row.moveBp, direction: row.direction };
        const at = firstMet(rule, prices, CLOSE);
        const now = after.rows.find((r) => r.id === row.id);
        if (at < 0) {
          expect(now?.state).toBe('active');
        } else {
          expectedFired++;
          expect(now?.state).toBe('fired');
          expect(now?.firedPrice).toBe(prices[at]);
          expect(now?.firedTradeId).toBe(tape[early.length + at]?.id);
        }
      }
      expect(after.site - base.site).toBe(expectedFired);
      expect(after.sms - base.sms).toBe(expectedFired);
      expect(after.push - base.push).toBe(expectedFired);
    }),
    { numRuns: 40 },
  );
}, 300_000);

test('a price alert price is stored in tenths: ¥2,790.5 → 27 905', () => {
  expect(tenthsOf('2790.5')).toBe(27_905);
  expect(tenthsOf('2790.55')).toBeNull();
});
