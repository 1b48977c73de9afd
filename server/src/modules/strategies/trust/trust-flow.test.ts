// The investment trust end to end against the whole app on PGlite and the simulated venue: an
// operator sets up a trust following a published strategy (audited); a subscription below the
// minimum and a redemption above the units held are refused with nothing held or posted; a
// subscription holds the cash in escrow and gets units only at the NAV after the close; the
// trust's own account mirrors the leader's fills at the venue; the next NAV values the holdings at
// the close, accrues the trust fee into the broker's revenue, prices a new subscription and a
// redemption; a second run of the day does nothing; the ledger sums to zero throughout; the
// strategy check recomputes each published NAV and finds one changed after the fact.
import { and, eq } from 'drizzle-orm';
import { holdSourceName, MSG } from '@kabuto/shared-sdk/messages';
import type { HoldLine, TrustDetail, TrustMine, TrustView } from '@kabuto/shared-sdk/schemas';
import { jstDate } from '../../../clock';
import { checkStrategy, formatStrategyCheck } from '../../../ops-cli/strategy-check';
import { checkLedger, ledgerAccounts, ledgerJournal, ledgerPostings, userAccountBalance } from '../../funds';
import { createOperator } from '../../funds/testing/funds-test-kit';
import { siteMessages } from '../../identity';
import { auditLog } from '../../ops';
import { tradingFills, tradingPositions } from '../../trading';
import {
  CODE,
  cashOf,
  createTrader,
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
import { holdingsValueOf } from './nav';
import { strategyTrustNavs, strategyTrustRequests, strategyTrusts } from '../schema';
import { runTrustNavs, TRUST_ACCOUNTS } from './trust';

jest.setTimeout(180_000);

const t = useStrategiesTestApp();
const subscribeForm = trustSubscribeForm;
const redeemForm = trustRedeemForm;
const escrowOf = (c: TestCustomer) => userAccountBalance(t.db, c.user.id, TRUST_ACCOUNTS.escrow, 'JPY');
const journalCount = async () => (await t.db.select().from(ledgerJournal)).length;

async function ops<T>(token: string, method: 'GET' | 'POST', body?: Record<string, unknown>) {
  const res = await t.app.inject({
    method,
    url: '/api/ops/trusts',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return res.json() as { status: number; msg: string; data: T };
}

test('subscribe → NAV after the close → units; mirrored venue fills; fee; redeem → cash; refusals hold nothing', async () => {
  const { leader, street, strategyId } = await publishedLeader(t, { name: 'Trust leader', description: 'Buys on dips.' });
  let p = t.runtime.market.quote(CODE).previousClose / 10;

  // The operator sets up the trust (audited): 1.00 % a year, minimum ¥100,000.
  const operator = await createOperator(t.db, 'trust-setup');
  const created = await ops<TrustView>(operator.token, 'POST', {
    strategyId: strategyId,
    name: 'Dip Trust',
    feeBpPerYear: 100,
    minimumYen: '100000',
    reason: 'launch',
  });
  expect(created).toMatchObject({
    status: 1,
    msg: MSG.trustCreated,
    data: { name: 'Dip Trust', feePercentPerYear: '1.00', minimum: { minor: '100000' }, last: null, simulated: true },
  });
  const id = created.data.id;
  const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'strategy.trust.create'));
  expect(audit).toMatchObject({ operator: 'trust-setup', reason: 'launch' });
  const [trust] = await t.db.select().from(strategyTrusts).where(eq(strategyTrusts.id, id));
  if (!trust) throw new Error('no trust');

  // Refusals: each with its catalogue message and figures, nothing held or posted.
  const a = await createTrader(t, 2_000_000n);
  const b = await createTrader(t, 1_000_000n);
  const before = await journalCount();
  expect(await strategy(t.app, 'trust/subscribe', subscribeForm(id, '99999'), a)).toMatchObject({
    status: 0,
    msg: MSG.belowProductMinimum,
    data: { rule: 'product-minimum', amount: { minor: '99999' }, minimum: { minor: '100000' } },
  });
  expect(await strategy(t.app, 'trust/subscribe', subscribeForm(id, '5000000'), a)).toMatchObject({ status: 0, msg: MSG.insufficientBuyingPower });
  expect(await strategy(t.app, 'trust/subscribe', { ...subscribeForm(id, '200000'), fundPassword: 'wrong-one' }, a)).toMatchObject({ status: 0 });
  expect(await strategy(t.app, 'trust/redeem', redeemForm(id, '1'), a)).toMatchObject({
    status: 0,
    msg: MSG.trustUnitsInsufficient,
    data: { rule: 'units-held', units: '1', held: '0' },
  });
  expect(await strategy(t.app, 'trust/redeem', redeemForm(id, '1.5'), a)).toMatchObject({ status: 0, msg: MSG.trustUnitsInvalid });
  expect(await strategy(t.app, 'trust/subscribe', subscribeForm(9999, '200000'), a)).toMatchObject({ status: 0, msg: MSG.productNotFound });
  expect(await journalCount()).toBe(before);
  expect(await t.db.select().from(strategyTrustRequests)).toHaveLength(0);
  expect(await cashOf(t, a)).toBe(2_000_000n);

  // Subscribe ¥1,000,000 before the close: the cash waits in escrow, no units yet, priced at today's NAV.
  const key = idemKey();
  const sub = await strategy<TrustMine>(t.app, 'trust/subscribe', { ...subscribeForm(id, '1000000'), idempotencyKey: key }, a);
  expect(sub).toMatchObject({
    status: 1,
    msg: MSG.trustSubscribeAccepted,
    data: { units: '0', requests: [{ kind: 'subscribe', status: 'pending', navDate: '2025-02-07' }] },
  });
  // The same key again: answered as before, nothing held twice.
  expect((await strategy(t.app, 'trust/subscribe', { ...subscribeForm(id, '1000000'), idempotencyKey: key }, a)).status).toBe(1);
  expect(await cashOf(t, a)).toBe(1_000_000n);
  expect(await escrowOf(a)).toBe(1_000_000n);
  // The wallet shows it on its own line, named in the customer's language (not by its code).
  const wallet = await t.app.inject({ method: 'POST', url: '/api/vue/funds/wallet', headers: { token: a.session.token, account: a.session.account } });
  const escrow = (wallet.json() as { data: { escrow: HoldLine[] } }).data.escrow;
  expect(escrow).toEqual([{ source: 'trust-subscription', amount: expect.objectContaining({ minor: '1000000' }) }]);
  for (const lang of ['tw', 'jp', 'en'] as const) expect(holdSourceName('trust-subscription', lang)).not.toBe('trust-subscription');
  // Before the NAV time nothing is priced.
  expect((await runTrustNavs(t.strategies)).date).toBe('2025-02-06');
  expect(await t.db.select().from(strategyTrustNavs)).toHaveLength(0);

  // After the close: the first NAV is ¥10,000 per 10,000 units; 1,000,000 units.
  t.clock.set(jstDate(2025, 2, 7, 16, 0));
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-07', priced: 1, sales: [] });
  let mine = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, a)).data;
  expect(mine).toMatchObject({
    units: '1000000',
    redeemable: '1000000',
    value: { minor: '1000000' },
    requests: [{ status: 'filled', nav: { minor: '10000' }, filledUnits: '1000000', cash: { minor: '1000000' }, refund: { minor: '0' } }],
  });
  expect(await escrowOf(a)).toBe(0n);
  expect(await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY')).toBe(1_000_000n);
  const notes = await t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, a.user.id), eq(siteMessages.kind, 'strategy_trust_filled')));
  expect(notes).toHaveLength(1);
  expect(notes[0]?.body).toMatchObject({
    en: expect.stringContaining('1,000,000 units') as unknown,
    jp: expect.stringContaining('口') as unknown,
    tw: expect.stringContaining('單位') as unknown,
  });

  // Next business day: the leader buys 10 lots; the trust's account mirrors its share at the venue.
  t.clock.set(jstDate(2025, 2, 10, 10, 0));
  await t.service.sweep();
  p = t.runtime.market.quote(CODE).previousClose / 10;
  await street.open(p);
  await street.askAt(p, 20);
  expect((await placeOrder(t, leader, { code: CODE, price: String(p), lots: 10 })).data.status).toBe('holding');
  await t.settle();
  const poolPositions = await t.db.select().from(tradingPositions).where(eq(tradingPositions.userId, trust.poolUserId));
  expect(poolPositions.length).toBe(1);
  const poolShares = (poolPositions[0]?.openQuantity ?? 0) - (poolPositions[0]?.closedQuantity ?? 0);
  expect(poolShares).toBeGreaterThan(0);
  const poolFills = await t.db
    .select()
    .from(tradingFills)
    .where(eq(tradingFills.positionId, poolPositions[0]?.id ?? -1));
  expect(poolFills.reduce((s, f) => s + f.quantity, 0)).toBe(poolShares);

  // B subscribes, A redeems 400,000 units, both before the close; A may not redeem more than is left.
  expect((await strategy(t.app, 'trust/subscribe', subscribeForm(id, '500000'), b)).status).toBe(1);
  expect((await strategy(t.app, 'trust/redeem', redeemForm(id, '400000'), a)).status).toBe(1);
  const tooMany = await strategy(t.app, 'trust/redeem', redeemForm(id, '600001'), a);
  expect(tooMany).toMatchObject({ status: 0, msg: MSG.trustUnitsInsufficient, data: { units: '600001', held: '1000000', pendingRedemption: '400000' } });
  const aCash = await cashOf(t, a);

  // The NAV after the close: holdings at the close + cash − fee (3 calendar days at 1 %), ÷ units.
  t.clock.set(jstDate(2025, 2, 10, 16, 0));
  const feeJournals = async () => (await t.db.select().from(ledgerJournal).where(eq(ledgerJournal.type, 'trust_fee'))).length;
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-10', priced: 1, sales: [] });
  const nav = await trustNavOn(t, id, '2025-02-10');
  const q = t.runtime.market.quote(CODE);
  const holdings = holdingsValueOf([{ code: CODE, shares: poolShares, priceTenths: q.last ?? q.previousClose }]);
  expect(nav.holdingsValue).toBe(holdings);
  expect(nav.fee).toBe(((holdings + nav.cash) * 100n * 3n) / (10_000n * 365n));
  expect(nav.fee).toBeGreaterThan(0n);
  expect(nav.netAssets).toBe(nav.holdingsValue + nav.cash - nav.fee);
  expect(nav.nav).toBe((nav.netAssets * 10_000n) / 1_000_000n);
  // The fee is a posting from the trust's cash to the broker's revenue account.
  const revenue = await t.db
    .select({ amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.kind, TRUST_ACCOUNTS.feeRevenue));
  expect(revenue.map((r) => r.amount)).toEqual([nav.fee]);
  expect(await feeJournals()).toBe(1);

  const bUnits = (500_000n * 10_000n) / nav.nav;
  const bCost = (bUnits * nav.nav + 9_999n) / 10_000n;
  const bMine = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, b)).data;
  expect(bMine).toMatchObject({
    units: bUnits.toString(),
    requests: [{ status: 'filled', cash: { minor: bCost.toString() }, refund: { minor: (500_000n - bCost).toString() } }],
  });
  expect(await cashOf(t, b)).toBe(500_000n + (500_000n - bCost));
  mine = (await strategy<TrustMine>(t.app, 'trust/mine', { id }, a)).data;
  expect(mine.units).toBe('600000');
  expect(await cashOf(t, a)).toBe(aCash + (400_000n * nav.nav) / 10_000n);
  expect(nav.unitsAfter).toBe(600_000n + bUnits);

  // The detail publishes the NAV history, the holdings at the last NAV and the fee's worked example.
  const detail = (await strategy<TrustDetail>(t.app, 'trust/detail', { id }, b)).data;
  expect(detail.history.map((h) => h.date)).toEqual(['2025-02-07', '2025-02-10']);
  expect(detail.holdings).toEqual([
    expect.objectContaining({ code: CODE, shares: poolShares, value: expect.objectContaining({ minor: holdings.toString() }) as unknown }),
  ]);
  expect(detail.feeExample).toMatchObject({ base: { minor: '1000000' }, perYear: { minor: '10000' }, perDay: { minor: '27' } });
  expect(detail.feesAccrued.minor).toBe(nav.fee.toString());
  // The cash shown is the trust's ledger cash after the day's requests: holdings + cash = net assets.
  expect(detail.cash.minor).toBe((nav.netAssetsAfter - nav.holdingsValue).toString());
  expect(await userAccountBalance(t.db, trust.poolUserId, 'customer_cash', 'JPY')).toBe(nav.netAssetsAfter - nav.holdingsValue);

  // A second run of the day prices nothing and posts nothing.
  const journals = await journalCount();
  expect(await runTrustNavs(t.strategies)).toEqual({ date: '2025-02-10', priced: 0, sales: [] });
  expect(await journalCount()).toBe(journals);
  expect((await checkLedger(t.db)).balanced).toBe(true);

  // strategy-verify recomputes each published NAV from its holdings, cash, fee formula and units…
  const navLines = async () => (await checkStrategy(t.db, strategyId, t.clock.now())).lines.filter((l) => l.what.startsWith(`trust ${id} NAV`));
  expect(await navLines()).toEqual([
    expect.objectContaining({ what: `trust ${id} NAV 2025-02-07`, match: true }),
    expect.objectContaining({ what: `trust ${id} NAV 2025-02-10`, match: true }),
  ]);
  const printed = formatStrategyCheck(await checkStrategy(t.db, strategyId, t.clock.now()));
  expect(printed).toContain(`match    trust ${id} NAV 2025-02-10: ¥${nav.nav.toLocaleString('en-US')} per 10,000 units`);
  // …so a NAV published higher than its inputs give, or a fill changed after the fact, is found.
  await t.db
    .update(strategyTrustNavs)
    .set({ nav: nav.nav + 1n })
    .where(eq(strategyTrustNavs.id, nav.id));
  const tampered = await navLines();
  expect(tampered[0]?.match).toBe(true);
  expect(tampered[1]).toMatchObject({ match: false, detail: expect.stringContaining(`NAV ¥${(nav.nav + 1n).toLocaleString('en-US')}, recomputed`) as unknown });
  await t.db.update(strategyTrustNavs).set({ nav: nav.nav }).where(eq(strategyTrustNavs.id, nav.id));
  const [bRequest] = await t.db.select().from(strategyTrustRequests).where(eq(strategyTrustRequests.userId, b.user.id));
  if (!bRequest) throw new Error('no request of B');
  await t.db
    .update(strategyTrustRequests)
    .set({ filledUnits: (bRequest.filledUnits ?? 0n) + 1n })
    .where(eq(strategyTrustRequests.id, bRequest.id));
  expect((await navLines())[1]).toMatchObject({ match: false, detail: expect.stringContaining(`request #${bRequest.id} subscribe`) as unknown });
  await t.db.update(strategyTrustRequests).set({ filledUnits: bRequest.filledUnits }).where(eq(strategyTrustRequests.id, bRequest.id));
  expect((await navLines()).every((l) => l.match)).toBe(true);
});
