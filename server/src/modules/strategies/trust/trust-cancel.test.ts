// Cancelling a pending trust request against the whole app on PGlite: a subscription's yen goes
// back from the trust escrow to cash in one journal (and a replayed key or a second cancel posts
// nothing more); a redemption's units become redeemable again with nothing posted; another
// customer's request or an unknown one is not found; a filled, cancelled or past-cut-off request is
// refused with its figures and nothing posted; the NAV never prices a cancelled request, and a
// cancel racing the NAV ends in exactly one of the two; the ledger sums to zero throughout. PGlite
// runs one transaction at a time, so the race is a real one only on PostgreSQL
// (KABUTO_TEST_DATABASE_URL): there, without the NAV's row lock, a request ends cancelled and priced.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { StrategyView, TrustMine, TrustView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkLedger, ledgerJournal, userAccountBalance } from '../../funds';
import { createOperator } from '../../funds/testing/funds-test-kit';
import {
  CODE,
  cashOf,
  createTrader,
  FUND_PASSWORD,
  idemKey,
  openStreet,
  placeOrder,
  startStrategiesTestApp,
  strategy,
  type StrategiesTestContext,
  type TestCustomer,
} from '../testing/strategies-test-kit';
import { strategyTrustNavs, strategyTrustRequests, strategyTrusts, type StrategyTrustRow } from '../schema';
import { priceTrust, runTrustNavs, TRUST_ACCOUNTS } from './trust';

jest.setTimeout(180_000);

let t: StrategiesTestContext;
let id: number;
let trust: StrategyTrustRow;
beforeAll(async () => {
  t = await startStrategiesTestApp();
  // A published strategy (one leader fill) and a trust following it, set up by an operator.
  const p = t.runtime.market.quote(CODE).previousClose / 10;
  const street = await openStreet(t);
  const leader = await createTrader(t, 3_000_000n);
  await street.open(p);
  await street.askAt(p, 1);
  await placeOrder(t, leader, { code: CODE, price: String(p), lots: 1 });
  t.clock.set(jstDate(2025, 2, 7, 10, 0));
  await t.service.sweep();
  const published = await strategy<StrategyView>(
    t.app,
    'optIn',
    { name: 'Cancel leader', description: 'Buys on dips.', riskNotes: 'One stock; simulated.', idempotencyKey: idemKey() },
    leader,
  );
  const operator = await createOperator(t.db, 'trust-cancel');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/trusts',
    headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ strategyId: published.data.id, name: 'Cancel Trust', feeBpPerYear: 0, minimumYen: '100000', reason: 'launch' }),
  });
  id = (res.json() as { data: TrustView }).data.id;
  const [row] = await t.db.select().from(strategyTrusts).where(eq(strategyTrusts.id, id));
  if (!row) throw new Error('no trust');
  trust = row;
});
afterAll(async () => {
  await t.close();
});

const subscribeForm = (amount: string) => ({ id, amount, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() });
const redeemForm = (units: string) => ({ id, units, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() });
const cancel = (c: TestCustomer, requestId: number, idempotencyKey = idemKey()) =>
  strategy<TrustMine>(t.app, 'trust/cancel', { id: requestId, idempotencyKey }, c);
const escrowOf = (c: TestCustomer) => userAccountBalance(t.db, c.user.id, TRUST_ACCOUNTS.escrow, 'JPY');
const journalCount = async () => (await t.db.select().from(ledgerJournal)).length;
const journalsOf = async (type: 'trust_subscription_cancel' | 'trust_subscription', reference: string) =>
  t.db
    .select()
    .from(ledgerJournal)
    .where(and(eq(ledgerJournal.type, type), eq(ledgerJournal.reference, reference)));
async function requestRow(requestId: number) {
  const [row] = await t.db.select().from(strategyTrustRequests).where(eq(strategyTrustRequests.id, requestId));
  if (!row) throw new Error(`no request ${requestId}`);
  return row;
}
async function subscribeId(c: TestCustomer, amount: string): Promise<number> {
  const answer = await strategy<TrustMine>(t.app, 'trust/subscribe', subscribeForm(amount), c);
  expect(answer.status).toBe(1);
  const pending = answer.data.requests.find((r) => r.status === 'pending' && r.kind === 'subscribe');
  if (!pending) throw new Error('no pending subscription');
  return pending.id;
}

test('cancel a subscription: escrow back to cash in one journal, idempotent; refusals post nothing; the NAV skips it', async () => {
  const a = await createTrader(t, 2_000_000n);
  const b = await createTrader(t, 1_000_000n);
  const subId = await subscribeId(a, '1000000');
  expect(await escrowOf(a)).toBe(1_000_000n);
  const mineBefore = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, a)).data;
  // The cut-off is the close of its NAV date (2025-02-07 15:30 JST).
  expect(mineBefore.requests[0]).toMatchObject({ status: 'pending', navDate: '2025-02-07', cancelUntil: '2025-02-07T06:30:00.000Z' });

  // Another customer's request, or an unknown one: not found, nothing posted.
  const before = await journalCount();
  expect(await cancel(b, subId)).toMatchObject({ status: 0, msg: MSG.productNotFound, data: { rule: 'trust-request', id: subId } });
  expect(await cancel(a, 999_999)).toMatchObject({ status: 0, msg: MSG.productNotFound, data: { rule: 'trust-request', id: 999_999 } });
  expect(await journalCount()).toBe(before);
  expect((await requestRow(subId)).status).toBe('pending');

  const key = idemKey();
  const cancelled = await cancel(a, subId, key);
  expect(cancelled).toMatchObject({
    status: 1,
    msg: MSG.trustCancelled,
    data: { units: '0', requests: [{ id: subId, status: 'cancelled', cancelUntil: null }] },
  });
  expect(await cashOf(t, a)).toBe(2_000_000n);
  expect(await escrowOf(a)).toBe(0n);
  const [journal] = await journalsOf('trust_subscription_cancel', `trust-cancel:${subId}`);
  expect(journal).toMatchObject({ userId: a.user.id });
  expect(await journalCount()).toBe(before + 1);

  // The same key again: answered as before, nothing more posted; a new key: refused, nothing posted.
  expect(await cancel(a, subId, key)).toMatchObject({ status: 1, msg: MSG.trustCancelled, data: { replayed: true } });
  expect(await cancel(a, subId)).toMatchObject({
    status: 0,
    msg: MSG.trustRequestNotPending,
    data: { rule: 'request-pending', id: subId, status: 'cancelled' },
  });
  expect(await journalCount()).toBe(before + 1);
  expect(await cashOf(t, a)).toBe(2_000_000n);

  // A second subscription of A's and one of B's are priced at the NAV; the cancelled one is not.
  const filledId = await subscribeId(a, '500000');
  const bId = await subscribeId(b, '300000');
  t.clock.set(jstDate(2025, 2, 7, 16, 0));
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-07', priced: 1, sales: [] });
  const [nav] = await t.db
    .select()
    .from(strategyTrustNavs)
    .where(and(eq(strategyTrustNavs.trustId, id), eq(strategyTrustNavs.businessDate, '2025-02-07')));
  expect(nav?.unitsAfter).toBe(800_000n);
  expect(await requestRow(subId)).toMatchObject({ status: 'cancelled', navId: null, filledUnits: null, filledAt: null });
  expect(await journalsOf('trust_subscription', `trust-fill:${subId}`)).toHaveLength(0);
  expect((await requestRow(filledId)).status).toBe('filled');
  expect((await requestRow(bId)).status).toBe('filled');
  expect(await escrowOf(a)).toBe(0n);
  expect(await cashOf(t, a)).toBe(1_500_000n);
  expect(await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY')).toBe(800_000n);

  // A filled request cannot be cancelled.
  const posted = await journalCount();
  expect(await cancel(a, filledId)).toMatchObject({ status: 0, msg: MSG.trustRequestNotPending, data: { status: 'filled' } });
  expect(await journalCount()).toBe(posted);
  expect((await checkLedger(t.db)).balanced).toBe(true);
});

test('cancel a redemption: its units become redeemable again, nothing posted; past the cut-off refused with the instant', async () => {
  const c = await createTrader(t, 1_000_000n);
  // Monday 2025-02-10 before the close: subscribed and filled at that day's NAV.
  t.clock.set(jstDate(2025, 2, 10, 10, 0));
  await subscribeId(c, '400000');
  t.clock.set(jstDate(2025, 2, 10, 16, 0));
  expect(await runTrustNavs(t.strategies)).toMatchObject({ date: '2025-02-10', priced: 1 });
  const units = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, c)).data.units;
  expect(BigInt(units)).toBeGreaterThan(100_000n);

  // After Monday's close: Tuesday 11 February is a holiday, so priced at Wednesday's NAV, cancellable until Wednesday 15:30 JST.
  const redeemed = await strategy<TrustMine>(t.app, 'trust/redeem', redeemForm('100000'), c);
  expect(redeemed.data.redeemable).toBe((BigInt(units) - 100_000n).toString());
  const redemption = redeemed.data.requests.find((r) => r.kind === 'redeem' && r.status === 'pending');
  if (!redemption) throw new Error('no pending redemption');
  expect(redemption).toMatchObject({ navDate: '2025-02-12', cancelUntil: '2025-02-12T06:30:00.000Z' });
  const before = await journalCount();
  const cashBefore = await cashOf(t, c);
  const answer = await cancel(c, redemption.id);
  expect(answer).toMatchObject({ status: 1, msg: MSG.trustCancelled, data: { units, redeemable: units } });
  expect(await journalCount()).toBe(before);
  expect(await cashOf(t, c)).toBe(cashBefore);

  // Another redemption, then the clock passes its NAV date's close: refused, naming the cut-off.
  const again = await strategy<TrustMine>(t.app, 'trust/redeem', redeemForm('50000'), c);
  const late = again.data.requests.find((r) => r.kind === 'redeem' && r.status === 'pending');
  if (!late) throw new Error('no pending redemption');
  t.clock.set(jstDate(2025, 2, 12, 15, 30));
  expect(await cancel(c, late.id)).toMatchObject({
    status: 0,
    msg: MSG.trustCancelPastCutoff,
    data: { rule: 'cancel-cutoff', id: late.id, navDate: '2025-02-12', cutoff: '2025-02-12T06:30:00.000Z', at: '2025-02-12T06:30:00.000Z' },
  });
  expect((await requestRow(late.id)).status).toBe('pending');
  expect(await journalCount()).toBe(before);
  // Priced at Wednesday's NAV as asked.
  t.clock.set(jstDate(2025, 2, 12, 16, 0));
  expect(await runTrustNavs(t.strategies)).toMatchObject({ date: '2025-02-12', priced: 1 });
  expect((await requestRow(late.id)).status).toBe('filled');
  expect((await requestRow(redemption.id)).status).toBe('cancelled');
  expect((await checkLedger(t.db)).balanced).toBe(true);
});

test('a cancel racing the NAV ends in exactly one of the two, whichever runs first', async () => {
  const d = await createTrader(t, 2_000_000n);
  const outcomes: string[] = [];
  // Each business day one subscription raced against that day's NAV, in both orders of start.
  const days: [number, number][] = [
    [2, 13],
    [2, 14],
    [2, 17],
    [2, 18],
  ];
  for (const [i, [month, day]] of days.entries()) {
    t.clock.set(jstDate(2025, month, day, 15, 0));
    const subId = await subscribeId(d, '200000');
    const date = `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const cashBefore = await cashOf(t, d);
    const [answer, priced] =
      i % 2 === 0
        ? await Promise.all([cancel(d, subId), priceTrust(t.strategies, trust, date)])
        : await Promise.all([priceTrust(t.strategies, trust, date), cancel(d, subId)]).then(([p, a]) => [a, p] as const);
    expect(priced).toBe(true);
    const row = await requestRow(subId);
    const cancelJournals = await journalsOf('trust_subscription_cancel', `trust-cancel:${subId}`);
    const fillJournals = await journalsOf('trust_subscription', `trust-fill:${subId}`);
    if (answer.status === 1) {
      expect(row).toMatchObject({ status: 'cancelled', navId: null });
      expect(cancelJournals).toHaveLength(1);
      expect(fillJournals).toHaveLength(0);
      expect(await cashOf(t, d)).toBe(cashBefore + 200_000n);
    } else {
      // Refused because the NAV took the row first (or the funds lock was busy): priced, nothing returned.
      expect([MSG.trustRequestNotPending, MSG.fundOperationInProgress]).toContain(answer.msg);
      expect(row.status).toBe('filled');
      expect(cancelJournals).toHaveLength(0);
      expect(fillJournals).toHaveLength(1);
    }
    expect(await escrowOf(d)).toBe(0n);
    outcomes.push(row.status);
  }
  expect(outcomes).toHaveLength(days.length);
  expect((await checkLedger(t.db)).balanced).toBe(true);
});
