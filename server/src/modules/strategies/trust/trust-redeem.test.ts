// A redemption the trust's cash does not cover, end to end against the whole app on PGlite and the
// simulated venue: the trust is almost fully invested; a large redemption is still priced at its
// NAV date's NAV (blind pricing), its units leave at once and its yen is owed (the customer's
// receivable, a line in their wallet); a second redemption of the same day queues behind it though
// the cash would cover it; the trust sells holdings for the shortfall through trading's ordinary
// close at market; the venue fills the sales in the next session; the next NAV step pays both in
// order, the customers get their cash and the filled notice, the payable is 0, the ledger balances.
import { and, eq } from 'drizzle-orm';
import { holdSourceName, MSG } from '@kabuto/shared-sdk/messages';
import type { HoldLine, TrustDetail, TrustMine, TrustView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkStrategy } from '../../../ops-cli/strategy-check';
import { checkLedger, ledgerJournal, userAccountBalance } from '../../funds';
import { createOperator } from '../../funds/testing/funds-test-kit';
import { siteMessages } from '../../identity';
import { tradingOrders, tradingPositions } from '../../trading';
import {
  CODE,
  cashOf,
  createTrader,
  deposit,
  idemKey,
  placeOrder,
  publishedLeader,
  useStrategiesTestApp,
  strategy,
  trustNavOn,
  trustRedeemForm,
  trustSubscribeForm,
  type TestCustomer,
} from '../testing/strategies-test-kit';
import { strategyMirroredOrders, strategyTrustNavs, strategyTrustRequests, strategyTrusts } from '../schema';
import { runTrustNavs, TRUST_ACCOUNTS } from './trust';

jest.setTimeout(240_000);

const t = useStrategiesTestApp();
const subscribeForm = trustSubscribeForm;
const redeemForm = trustRedeemForm;
const receivableOf = (c: TestCustomer) => userAccountBalance(t.db, c.user.id, TRUST_ACCOUNTS.redemptionReceivable, 'JPY');
const filledNotes = async (c: TestCustomer) =>
  t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, c.user.id), eq(siteMessages.kind, 'strategy_trust_filled')));

test('a redemption the cash does not cover: priced at its NAV, owed, the trust sells at the venue, the next NAV step pays', async () => {
  const { leader, street, strategyId } = await publishedLeader(t, { name: 'All-in leader', description: 'Stays invested.' });
  let p = t.runtime.market.quote(CODE).previousClose / 10;
  const operator = await createOperator(t.db, 'trust-setup');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/ops/trusts',
    headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ strategyId: strategyId, name: 'Invested Trust', feeBpPerYear: 100, minimumYen: '100000', reason: 'launch' }),
  });
  const id = (created.json() as { data: TrustView }).data.id;
  const [trust] = await t.db.select().from(strategyTrusts).where(eq(strategyTrusts.id, id));
  if (!trust) throw new Error('no trust');

  // A and B subscribe; the first NAV gives them 1,000,000 and 500,000 units.
  const a = await createTrader(t, 2_000_000n);
  const b = await createTrader(t, 1_000_000n);
  expect((await strategy(t.app, 'trust/subscribe', subscribeForm(id, '1000000'), a)).status).toBe(1);
  expect((await strategy(t.app, 'trust/subscribe', subscribeForm(id, '500000'), b)).status).toBe(1);
  t.clock.set(jstDate(2025, 2, 7, 16, 0));
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-07', priced: 1, sales: [] });

  // Next business day the leader puts almost all its equity into the stock; the trust mirrors it.
  t.clock.set(jstDate(2025, 2, 10, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  const leaderCash = await cashOf(t, leader);
  const lots = Number((leaderCash * 9n) / 10n / BigInt(Math.ceil(p * 100)));
  await street.askAt(p, lots * 2);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots })).data.status).toBe('holding');
  await t.settle();
  const poolCashAfterBuy = await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY');
  const [poolPosition] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, trust.poolUserId));
  if (!poolPosition) throw new Error('the trust did not mirror the buy');
  const poolShares = poolPosition.openQuantity - poolPosition.closedQuantity;
  // The trust's cash is small against its holdings.
  expect(poolCashAfterBuy * 3n).toBeLessThan(BigInt(poolShares) * BigInt(Math.round(p)));

  // A redeems 800,000 units (more than the cash), then B 50,000 (the cash alone would cover it).
  expect((await strategy(t.app, 'trust/redeem', redeemForm(id, '800000'), a)).status).toBe(1);
  expect((await strategy(t.app, 'trust/redeem', redeemForm(id, '50000'), b)).status).toBe(1);
  const aCash = await cashOf(t, a);
  const bCash = await cashOf(t, b);

  t.clock.set(jstDate(2025, 2, 10, 16, 0));
  const step = await runTrustNavs(t.strategies);
  expect(step).toMatchObject({ date: '2025-02-10', priced: 1 });
  const nav = await trustNavOn(t, id, '2025-02-10');
  const aOwed = (800_000n * nav.nav) / 10_000n;
  const bOwed = (50_000n * nav.nav) / 10_000n;
  // Both priced at their NAV date's NAV, owed in full, units gone; nothing paid to either yet.
  expect(aOwed).toBeGreaterThan(nav.cash - nav.fee);
  expect(bOwed).toBeLessThan(nav.cash - nav.fee);
  expect(nav.payable).toBe(0n);
  expect(nav.payableAfter).toBe(aOwed + bOwed);
  expect(nav.unitsAfter).toBe(1_500_000n - 850_000n);
  expect(nav.netAssetsAfter).toBe(nav.holdingsValue + (nav.cash - nav.fee) - aOwed - bOwed);
  const aMine = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, a)).data;
  expect(aMine).toMatchObject({
    units: '200000',
    redeemable: '200000',
    requests: [
      {
        kind: 'redeem',
        status: 'priced',
        nav: { minor: nav.nav.toString() },
        filledUnits: '800000',
        cash: { minor: aOwed.toString() },
        filledAt: null,
        cancelUntil: null,
      },
      {},
    ],
  });
  expect((await strategy<TrustMine>(t.app, 'trust/mine', { id }, b)).data).toMatchObject({ units: '450000', requests: [{ status: 'priced' }, {}] });
  expect(await cashOf(t, a)).toBe(aCash);
  expect(await cashOf(t, b)).toBe(bCash);
  expect(await receivableOf(a)).toBe(aOwed);
  expect(await receivableOf(b)).toBe(bOwed);
  expect(-(await userAccountBalance(t.db, trust.poolUserId, TRUST_ACCOUNTS.redemptionsPayable, 'JPY'))).toBe(aOwed + bOwed);
  // The subscription's filled notice, and the redemption's priced one naming what is owed: its paid one goes out when it is paid.
  expect(await filledNotes(a)).toHaveLength(1);
  const owedNotes = await t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, a.user.id), eq(siteMessages.kind, 'strategy_trust_redemption_owed')));
  expect(owedNotes).toHaveLength(1);
  expect(JSON.stringify(owedNotes[0])).toContain(`¥${aOwed.toLocaleString('en-US')}`);
  // A priced request can no longer be cancelled.
  const [aRequest] = await t.db
    .select()
    .from(strategyTrustRequests)
    .where(and(eq(strategyTrustRequests.userId, a.user.id), eq(strategyTrustRequests.kind, 'redeem')));
  expect(await strategy(t.app, 'trust/cancel', { id: aRequest?.id ?? -1, idempotencyKey: idemKey() }, a)).toMatchObject({
    status: 0,
    msg: MSG.trustRequestNotPending,
    data: { rule: 'request-pending', status: 'priced' },
  });
  // The receivable is a line of the customer's wallet, named in their language.
  const wallet = await t.app.inject({ method: 'POST', url: '/api/vue/funds/wallet', headers: { token: a.session.token, account: a.session.account } });
  expect((wallet.json() as { data: { escrow: HoldLine[] } }).data.escrow).toEqual([
    { source: 'trust-redemption', amount: expect.objectContaining({ minor: aOwed.toString() }) as unknown },
  ]);
  for (const lang of ['tw', 'jp', 'en'] as const) expect(holdSourceName('trust-redemption', lang)).not.toBe('trust-redemption');
  // The detail shows the payable beside the cash: holdings + cash − payable = net assets.
  const detail = (await strategy<TrustDetail>(t.app, 'trust/detail', { id }, b)).data;
  expect(detail.payable.minor).toBe((aOwed + bOwed).toString());
  expect(BigInt(detail.cash.minor)).toBe(await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY'));

  // The trust sold for the shortfall: one market close, whole lots, at least the shortfall's worth.
  const shortfall = aOwed + bOwed - (nav.cash - nav.fee);
  expect(step.sales).toHaveLength(1);
  const [sale] = step.sales;
  if (!sale || sale.orderId === null) throw new Error(`sale refused: ${sale?.refusal ?? 'none placed'}`);
  expect(sale.shares % 100).toBe(0);
  expect(sale.shares).toBeLessThanOrEqual(poolShares);
  const closePrice = t.runtime.market.quote(CODE).last ?? t.runtime.market.quote(CODE).previousClose;
  expect((BigInt(sale.shares) * BigInt(closePrice)) / 10n).toBeGreaterThanOrEqual(shortfall);
  expect((BigInt(sale.shares - 100) * BigInt(closePrice)) / 10n).toBeLessThan(shortfall);
  const [order] = await t.db.select().from(tradingOrders).where(eq(tradingOrders.id, sale.orderId));
  expect(order).toMatchObject({ quantity: sale.shares });

  // The next session (2/11 is a holiday): the street bids, the venue fills the trust's sale.
  t.clock.set(jstDate(2025, 2, 12, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  await street.bidAt(p, sale.shares / 100 + 5);
  await t.settle();
  const [sold] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.id, poolPosition.id));
  expect((sold?.closedQuantity ?? 0) - poolPosition.closedQuantity).toBe(sale.shares);
  expect(await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY')).toBeGreaterThanOrEqual(aOwed + bOwed);

  // Until the NAV step has paid them, the trust's cash is its redeemers': a leader buy now is sized
  // for the trust as always but not placed for it (skipped, the rule named).
  await deposit(t, leader, 20_000_000n);
  const buyLots = Number(18_000_000n / BigInt(Math.ceil(p * 100)));
  await street.askAt(p, buyLots + 10);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: buyLots })).data.status).toBe('holding');
  await t.settle();
  const whileOwing = await t.db
    .select()
    .from(strategyMirroredOrders)
    .where(and(eq(strategyMirroredOrders.followingId, trust.followingId ?? -1), eq(strategyMirroredOrders.leaderQuantity, buyLots * 100)));
  expect(whileOwing).toEqual([expect.objectContaining({ side: 'buy', outcome: 'skipped', reason: MSG.trustOwesRedemptions, orderId: null })]);
  expect(whileOwing[0]?.quantity).toBeGreaterThan(0);
  const [poolAfterBuy] = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, trust.poolUserId));
  expect(poolAfterBuy?.id).toBe(poolPosition.id);

  // The next NAV step pays both, in order, before pricing: cash in, receivable and payable 0, filled, notified.
  t.clock.set(jstDate(2025, 2, 12, 16, 0));
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-12', priced: 1, sales: [] });
  expect(await cashOf(t, a)).toBe(aCash + aOwed);
  expect(await cashOf(t, b)).toBe(bCash + bOwed);
  expect(await receivableOf(a)).toBe(0n);
  expect(await receivableOf(b)).toBe(0n);
  expect(await userAccountBalance(t.db, trust.poolUserId, TRUST_ACCOUNTS.redemptionsPayable, 'JPY')).toBe(0n);
  const [next] = await t.db
    .select()
    .from(strategyTrustNavs)
    .where(and(eq(strategyTrustNavs.trustId, id), eq(strategyTrustNavs.businessDate, '2025-02-12')));
  expect(next).toMatchObject({ payable: 0n, payableAfter: 0n, unitsBefore: 650_000n });
  expect((await strategy<TrustMine>(t.app, 'trust/mine', { id }, a)).data.requests[0]).toMatchObject({
    status: 'filled',
    nav: { minor: nav.nav.toString() },
    cash: { minor: aOwed.toString() },
  });
  const paid = await t.db.select().from(ledgerJournal).where(eq(ledgerJournal.type, 'trust_redemption_paid'));
  expect(paid.map((j) => j.reference)).toEqual([`trust-paid:${aRequest?.id ?? -1}`, expect.stringMatching(/^trust-paid:/) as unknown]);
  const notes = await filledNotes(a);
  expect(notes).toHaveLength(2);
  expect(notes.at(-1)?.body).toMatchObject({ en: expect.stringContaining('800,000 units') as unknown });
  expect(notes.at(-1)?.body).toMatchObject({ en: expect.stringContaining('2025-02-10') as unknown });
  expect((await checkLedger(t.db)).balanced).toBe(true);
  // strategy-verify recomputes every NAV with what it owed, and the owed and paid postings.
  const lines = (await checkStrategy(t.db, strategyId, t.clock.now())).lines.filter((l) => l.what.startsWith(`trust ${id} NAV`));
  expect(lines.map((l) => [l.what, l.match])).toEqual([
    [`trust ${id} NAV 2025-02-07`, true],
    [`trust ${id} NAV 2025-02-10`, true],
    [`trust ${id} NAV 2025-02-12`, true],
  ]);
});
