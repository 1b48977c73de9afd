// The loan flow against the real app on PGlite: apply → operator approves → cash with postings,
// buying power without the proceeds → pledged shares guarded → price falls → shortfall notice →
// repay part (cured) → repay all (repaid); refusals with the catalogue message and nothing
// posted; parallel applications and repayments end in one outcome; a forced sale above 85 %.
import { count, eq, and, inArray } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { CreditSummary, LoanRecord, LoanRecordsPage, SupportMessagePage, SupportRepayRequestResult } from '@kabuto/shared-sdk/schemas';
import { auditLog } from '../ops';
import { ACCOUNT_KINDS, brokerAccount, customerCash, ledgerJournal, checkLedger, postJournal, userAccountBalance } from '../funds';
import { siteMessages } from '../identity';
import { tradingOrders, type HoldingReduction } from '../trading';
import { checkCredit } from './monitor/monitor';
import { creditFigures } from './loans/figures';
import { interestAccount, lenderReceivable, loanBalances } from './loans/accounts';
import { checkCreditInterest, formatCreditCheck } from '../../ops-cli/credit-check';
import {
  createTrader,
  credit,
  FUND_PASSWORD,
  giveHolding,
  idemKey,
  MORNING,
  opsCredit,
  startCreditTestApp,
  trade,
  type CreditTestContext,
  type TestCustomer,
} from './testing/credit-test-kit';

const CODE = '7203';
const SALE_CODE = '6758';
let t: CreditTestContext;

beforeAll(async () => {
  t = await startCreditTestApp();
}, 60_000);
afterAll(async () => t.close());

async function journals(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerJournal);
  return Number(row?.n ?? 0);
}

async function borrower(shares: number, closeTenths: number, cash = 0n, code: string = CODE): Promise<{ c: TestCustomer; positionId: number }> {
  const c = await createTrader(t, cash);
  t.closes.set(code, closeTenths);
  const positionId = await giveHolding(t, c, code, shares, closeTenths);
  return { c, positionId };
}

async function borrow(c: TestCustomer, amount: string): Promise<LoanRecord> {
  const applied = await credit<LoanRecord>(t.app, 'apply', { amount, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
  expect(applied).toMatchObject({ status: 1, msg: MSG.loanApplied });
  const approved = await opsCredit<LoanRecord>(t, 'POST', `/loans/${applied.data.id}/approve`, {});
  expect(approved).toMatchObject({ status: 1, data: { status: 'approved' } });
  return approved.data;
}

const summary = async (c: TestCustomer) => (await credit<CreditSummary>(t.app, 'summary', {}, c)).data;

describe('securities-backed loan', () => {
  it('prices the line on previous close × LTV, 50 % when one issue is ≥ 70 % of the collateral', async () => {
    const { c } = await borrower(1000, 20_000);
    const s = await summary(c);
    expect(s).toMatchObject({
      collateralValue: { minor: '2000000' },
      ltvBp: 5000,
      creditLine: { minor: '1000000' },
      borrowable: { minor: '1000000' },
      state: 'none',
      marks: { drawLimitBp: 6000, shortfallBp: 7000, forcedSaleBp: 8500 },
      lender: { simulated: true },
      score: { score: 80, loanThreshold: 70, restricted: false },
    });
    expect(s.collateral).toEqual([expect.objectContaining({ code: CODE, quantity: 1000, eligible: true, previousClose: '2000' })]);
    // A second issue below 70 % of the value: 60 %.
    t.closes.set('6758', 10_000);
    await giveHolding(t, c, '6758', 1000, 10_000);
    const two = await summary(c);
    expect(two).toMatchObject({ collateralValue: { minor: '3000000' }, ltvBp: 6000, creditLine: { minor: '1800000' } });
  });

  it.each([
    ['0', MSG.amountInvalid],
    ['-100000', MSG.amountInvalid],
    ['1e5', MSG.amountInvalid],
    ['１００，０００', MSG.amountInvalid],
    ['100000.5', MSG.amountTooManyDecimals],
    ['50000', MSG.loanAmountBelowMinimum],
    ['105000', MSG.loanAmountNotStep],
    ['1010000', MSG.loanLimitInsufficient],
  ])('refuses the amount %s with its catalogue message and posts nothing', async (amount, msg) => {
    const { c } = await borrower(1000, 20_000);
    const before = await journals();
    const answer = await credit(t.app, 'apply', { amount, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(answer).toMatchObject({ status: 0, msg });
    if (msg === MSG.loanLimitInsufficient) expect(answer.data).toMatchObject({ rule: 'credit-line', amount: '1010000', borrowable: '1000000' });
    expect(await journals()).toBe(before);
    expect((await summary(c)).pending).toBeNull();
  });

  it('runs apply → approve → cash with postings → guarded sale → shortfall at exactly 70 % → repay part → repay all', async () => {
    const { c, positionId } = await borrower(1000, 20_000, 50_000n);
    const applied = await credit<LoanRecord>(
      t.app,
      'apply',
      { amount: '630000', reason: 'tuition', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() },
      c,
    );
    expect(applied.data).toMatchObject({
      status: 'pending',
      amount: { minor: '630000' },
      creditScore: 80,
      creditLine: { minor: '1000000' },
      borrowable: { minor: '1000000' },
    });
    expect(applied.data.orderNo).toMatch(/^CL\d{8}\d{6}$/);
    const second = await credit(t.app, 'apply', { amount: '100000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(second).toMatchObject({ status: 0, msg: MSG.loanPendingReview });

    const approved = await opsCredit<LoanRecord>(t, 'POST', `/loans/${applied.data.id}/approve`, {});
    expect(approved.data).toMatchObject({ status: 'approved', borrowed: { minor: '630000' } });
    const third = await credit(t.app, 'apply', { amount: '100000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(third).toMatchObject({ status: 0, msg: MSG.repayOutstandingLoanFirst });
    expect(await loanBalances(t.db, c.user.id)).toEqual({ principal: 630_000n, accrued: 0n, cash: 680_000n });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'credit.loan.approve')).limit(1);
    expect(audit).toBeDefined();

    // Proceeds withdraw but do not buy: buying power = cash − min(cash, owed).
    const power = await trade<{ buyingPower: { minor: string } }>(t.app, 'buyingPower', {}, c);
    expect(power.data.buyingPower.minor).toBe('50000');
    expect((await summary(c)).excludedFromBuyingPower.minor).toBe('630000');
    // The same rule on the placement path (its batch reads the loan balances once for all its customers):
    // one lot of 8306 (about ¥200,000) is more than the ¥50,000 of own cash.
    const buy = await trade(
      t.app,
      'place',
      { code: '8306', product: 'cash', side: 'buy', orderType: 'market', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() },
      c,
    );
    expect(buy).toMatchObject({ status: 0, msg: MSG.insufficientBuyingPower });

    // Pledged shares: selling 500 would leave 500 × ¥2,000 = ¥1m, 63 % > 60 %: refused with the figures.
    const guarded = await trade(t.app, 'close', { id: positionId, orderType: 'market', lots: 5, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(guarded).toMatchObject({
      status: 0,
      msg: MSG.collateralSaleRefused,
      data: { rule: 'collateral-draw-limit', limitBp: 6000, outstanding: '630000', collateralAfter: '1000000', ratioAfterBp: 6300 },
    });
    // One lot leaves ¥1.8m (35 %): allowed (it may fill on the venue at once; either way 900 shares stay pledged).
    const sold = await trade(t.app, 'close', { id: positionId, orderType: 'market', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(sold.status).toBe(1);
    await t.service.engine.idle();
    expect((await summary(c)).collateral.filter((l) => l.eligible)).toEqual([expect.objectContaining({ quantity: 900 })]);

    // Price falls: ¥1,001 → 69.93 %: draw-stopped, no notice; ¥1,000 → exactly 70 %: shortfall.
    t.closes.set(CODE, 10_010);
    expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ state: 'draw-stopped', shortfallNotice: false });
    t.closes.set(CODE, 10_000);
    expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ state: 'shortfall', shortfallNotice: true });
    const short = await summary(c);
    // Cure back to 60 %: 630,000 − 900,000 × 0.6 = 90,000; deadline: 5 business days incl. Monday 6 Jan.
    expect(short).toMatchObject({ state: 'shortfall', ratioBp: 7000, shortfall: { amountToCure: { minor: '90000' }, deadline: '2025-01-10' } });
    const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id));
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['credit_loan_approved', 'credit_shortfall']));

    const tooMuch = await credit(t.app, 'repay', { amount: '630001', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(tooMuch).toMatchObject({ status: 0, msg: MSG.repaymentExceedsLoan, data: { amount: '630001', outstanding: '630000' } });
    const key = idemKey();
    const part = await credit<LoanRecord>(t.app, 'repay', { amount: '90000', fundPassword: FUND_PASSWORD, idempotencyKey: key }, c);
    expect(part).toMatchObject({
      status: 1,
      msg: MSG.repaySuccess,
      data: { status: 'approved', repaid: { minor: '90000' }, outstanding: { minor: '540000' } },
    });
    const again = await credit(t.app, 'repay', { amount: '90000', fundPassword: FUND_PASSWORD, idempotencyKey: key }, c);
    expect(again).toMatchObject({ status: 1, data: { replayed: true } });
    const cured = await summary(c);
    expect(cured).toMatchObject({ state: 'normal', ratioBp: 6000, shortfall: null, outstanding: { minor: '540000' } });

    const all = await credit<LoanRecord>(t.app, 'repay', { amount: '540000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(all.data).toMatchObject({ status: 'repaid', repaid: { minor: '630000' } });
    const records = (await credit<LoanRecordsPage>(t.app, 'records', {}, c)).data;
    expect(records.list[0]).toMatchObject({ orderNo: applied.data.orderNo, status: 'repaid', creditScore: 80, borrowed: { minor: '630000' }, note: 'tuition' });
    expect((await summary(c)).state).toBe('none');
    expect(await checkLedger(t.db)).toMatchObject({ balanced: true, cacheMismatches: [] });
  });

  it('repays through the support chat with credit’s own repayment: a loan-repayment message, once per key', async () => {
    const { c } = await borrower(1000, 20_000, 100_000n);
    const loan = await borrow(c, '300000');
    const chat = async <T>(action: string, form: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/vue/support/${action}`,
        payload: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', token: c.session.token, account: c.session.account },
      });
      return res.json<{ status: number; msg: string; data: T }>();
    };
    const repaidJournals = async () =>
      (
        await t.db
          .select()
          .from(ledgerJournal)
          .where(and(eq(ledgerJournal.userId, c.user.id), eq(ledgerJournal.type, 'credit_loan_repaid')))
      ).length;

    // Refused by credit's own rules, with its messages, and nothing in the chat or the ledger.
    const wrong = await chat('repayRequest', { amount: '100000', fundPassword: '999999', idempotencyKey: idemKey() });
    expect(wrong.status).toBe(0);
    const tooMuch = await chat('repayRequest', { amount: '400000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() });
    expect(tooMuch).toMatchObject({ status: 0, msg: MSG.repaymentExceedsLoan });
    expect(await repaidJournals()).toBe(0);

    const key = idemKey();
    const form = { amount: '100000', fundPassword: FUND_PASSWORD, idempotencyKey: key };
    const [first, again] = [await chat<SupportRepayRequestResult>('repayRequest', form), await chat<SupportRepayRequestResult>('repayRequest', form)];
    expect(first).toMatchObject({ status: 1, msg: MSG.repaySuccess });
    expect(first.data.message).toMatchObject({
      author: 'customer',
      kind: 'loan-repayment',
      data: {
        kind: 'loan-repayment',
        repayment: { loanId: loan.id, orderNo: loan.orderNo, amount: { minor: '100000' }, outstandingAfter: { minor: '200000' } },
      },
    });
    expect(first.data.loan).toMatchObject({ id: loan.id, repaid: { minor: '100000' }, outstanding: { minor: '200000' } });
    expect(again.data.message.id).toBe(first.data.message.id);
    expect(await repaidJournals()).toBe(1);
    const page = await chat<SupportMessagePage>('messages', {});
    expect(page.data.list.filter((m) => m.kind === 'loan-repayment')).toHaveLength(1);
    expect(await checkLedger(t.db)).toMatchObject({ balanced: true, cacheMismatches: [] });
  });

  it('accrues interest per calendar day at the band of the amount drawn, capitalises at the month turn, then rates the new band', async () => {
    const { c } = await borrower(1000, 20_000);
    const loan = await borrow(c, '1000000');
    // Thursday 9 Jan: Monday, Tuesday and Wednesday have passed: 3 × floor(1,000,000 × 3.875 % ÷ 365) = 3 × 106.
    t.clock.set(new Date('2025-01-09T01:00:00.000Z'));
    await checkCredit(t.deps, c.user.id);
    expect(await loanBalances(t.db, c.user.id)).toMatchObject({ principal: 1_000_000n, accrued: 318n });
    // Monday 3 Feb: 6–31 Jan (26 days × 106 = 2,756) capitalised; February at 2.875 % on 1,002,756: 2 × 78.
    t.clock.set(new Date('2025-02-03T01:00:00.000Z'));
    await checkCredit(t.deps, c.user.id);
    expect(await loanBalances(t.db, c.user.id)).toMatchObject({ principal: 1_002_756n, accrued: 156n });
    const statements = await credit<{
      list: { month: string; interest: { minor: string }; principal: { minor: string }; ratePercent: string; days: number }[];
    }>(t.app, 'statements', {}, c);
    expect(statements.data.list).toEqual([
      expect.objectContaining({
        month: '2025-01',
        interest: expect.objectContaining({ minor: '2756' }),
        principal: expect.objectContaining({ minor: '1002756' }),
        ratePercent: '3.875',
        days: 26,
      }),
    ]);
    const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id));
    expect(notices.map((n) => n.kind)).toContain('credit_interest_statement');
    const s = await summary(c);
    expect(s).toMatchObject({ accruedInterest: { minor: '156' }, interest: { currentRatePercent: '2.875', dayBasis: 365 } });
    expect(s.active).toMatchObject({ id: loan.id, interest: { minor: '2912' } });
    // The independent check recomputes every day from the schedule and the postings: all match.
    const checked = await checkCreditInterest(t.db, c.user.id);
    expect(checked.match).toBe(true);
    expect(checked.lines.filter((l) => l.what.startsWith('interest 2025-'))).toHaveLength(28);
    // A day posted at the wrong amount is caught.
    await t.db.transaction((tx) =>
      postJournal(tx, t.wall, {
        type: 'credit_interest_accrued',
        reference: `credit-accrual:${loan.id}:2025-02-03`,
        userId: c.user.id,
        postings: [
          { account: interestAccount(c.user.id), amount: -79n },
          { account: lenderReceivable(), amount: 79n },
        ],
      }),
    );
    const tampered = await checkCreditInterest(t.db, c.user.id);
    expect(tampered.match).toBe(false);
    expect(formatCreditCheck(tampered)).toContain('MISMATCH loan');
    t.clock.set(MORNING);
  });

  it('rejects with the customer’s reason and a notice', async () => {
    const { c } = await borrower(1000, 20_000);
    const applied = await credit<LoanRecord>(t.app, 'apply', { amount: '200000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    const rejected = await opsCredit<LoanRecord>(t, 'POST', `/loans/${applied.data.id}/reject`, { reason: 'income not verified' });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'income not verified' });
    const again = await opsCredit(t, 'POST', `/loans/${applied.data.id}/approve`, {});
    expect(again).toMatchObject({ status: 0, msg: MSG.loanNotPending });
    const notices = await t.db.select().from(siteMessages).where(eq(siteMessages.userId, c.user.id));
    expect(notices.find((n) => n.kind === 'credit_loan_rejected')?.body).toMatchObject({ en: expect.stringContaining('income not verified') });
  });

  it('ends parallel applications and parallel repayments in one outcome', async () => {
    const { c } = await borrower(1000, 20_000, 300_000n);
    const applies = await Promise.all(
      [1, 2, 3].map(() => credit<LoanRecord>(t.app, 'apply', { amount: '300000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c)),
    );
    expect(applies.filter((a) => a.status === 1)).toHaveLength(1);
    const loan = applies.find((a) => a.status === 1)?.data as LoanRecord;
    await opsCredit(t, 'POST', `/loans/${loan.id}/approve`, {});
    const repays = await Promise.all(
      [1, 2].map(() => credit<LoanRecord>(t.app, 'repay', { amount: '200000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c)),
    );
    // 300,000 owed: one 200,000 goes through, the other is above what is then outstanding.
    expect(repays.filter((r) => r.status === 1)).toHaveLength(1);
    expect(repays.find((r) => r.status === 0)).toMatchObject({ msg: MSG.repaymentExceedsLoan, data: { outstanding: '100000' } });
    expect(await loanBalances(t.db, c.user.id)).toMatchObject({ principal: 100_000n });
  });

  it('ends an approval racing a sale of the pledged shares in one consistent outcome', async () => {
    const { c, positionId } = await borrower(1000, 20_000);
    const applied = await credit<LoanRecord>(t.app, 'apply', { amount: '900000', fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    // Selling 6 lots leaves ¥800k of collateral: with the loan paid out that is 112 %; without it, nothing owed.
    const [approved, sold] = await Promise.all([
      opsCredit(t, 'POST', `/loans/${applied.data.id}/approve`, {}),
      trade(t.app, 'close', { id: positionId, orderType: 'limit', price: '3000', lots: 6, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c),
    ]);
    await t.service.engine.idle();
    // Exactly one of them: the sale first → the approval finds the line too small; the approval first → the guard refuses the sale.
    expect([approved.status, sold.status].sort()).toEqual([0, 1]);
    if (approved.status === 0) expect(approved.msg).toBe(MSG.loanLimitInsufficient);
    else expect(sold.msg).toBe(MSG.collateralSaleRefused);
    const f = await creditFigures(t.deps, t.db, c.user.id);
    expect(f.outstanding * 10_000n <= f.collateral.value * 6_000n).toBe(true);
  });

  it('tells holding-reduction listeners of a sale fill inside its transaction', async () => {
    const heard: HoldingReduction[] = [];
    t.deps.trading.registerHoldingReductionListener({ name: 'test-listener', onReduced: async (_tx, r) => void heard.push(r) });
    const { c, positionId } = await borrower(1000, 20_000);
    // A buyer rests one lot at the venue's lower limit: the seller's market order meets it.
    const buyer = await createTrader(t, 10_000_000n);
    const ticket = await trade<{ lowerLimit: string }>(t.app, 'ticket', { code: CODE }, buyer);
    const bid = await trade(
      t.app,
      'place',
      {
        code: CODE,
        product: 'cash',
        side: 'buy',
        orderType: 'limit',
        price: ticket.data.lowerLimit,
        lots: 1,
        fundPassword: FUND_PASSWORD,
        idempotencyKey: idemKey(),
      },
      buyer,
    );
    expect(bid.status).toBe(1);
    await t.service.engine.idle();
    const sold = await trade(t.app, 'close', { id: positionId, orderType: 'market', lots: 1, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c);
    expect(sold.status).toBe(1);
    await t.service.engine.idle();
    expect(heard).toContainEqual({ userId: c.user.id, positionId, code: CODE, shares: 100, reason: 'sale' });
  });

  it('keeps exactly 85 % a shortfall and sells all collateral above it, irrevocably; the score then bars a new loan', async () => {
    const { c, positionId } = await borrower(1000, 20_000);
    await borrow(c, '680000');
    t.closes.set(CODE, 8_000); // 680,000 ÷ 800,000 = exactly 85 %
    expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ state: 'shortfall', forcedSale: false });
    t.closes.set(CODE, 7_990);
    expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ state: 'forced-sale', forcedSale: true });
    await t.service.engine.idle();
    const orders = await t.db
      .select()
      .from(tradingOrders)
      .where(and(eq(tradingOrders.positionId, positionId), eq(tradingOrders.kind, 'liquidation'), inArray(tradingOrders.state, ['queued', 'working'])));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ quantity: 1000, orderType: 'market' });
    // The customer cannot cancel a liquidation.
    expect((await trade(t.app, 'cancelClose', { id: positionId }, c)).status).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credit.forced_sale'), eq(auditLog.targetUserId, c.user.id)));
    expect(audit).toBeDefined();
    expect((await summary(c)).state).toBe('forced-sale');
    // A forced sale counts against the score: 80 − 15 = 65 < 70.
    expect((await summary(c)).score).toMatchObject({ score: 65, inputs: expect.arrayContaining([{ name: 'forced-sales', value: '1', points: -15 }]) });
  });

  it('repays the loan from the forced sale’s proceeds once they settle (T+2), interest first, and leaves the rest as cash', async () => {
    // An issue of its own: the liquidation above may still be working in 7203's book.
    const { c, positionId } = await borrower(1000, 20_000, 0n, SALE_CODE);
    const loan = await borrow(c, '680000');
    // The loan's cash has left the broker (a paid withdrawal): only the sale can repay it.
    await t.db.transaction((tx) =>
      postJournal(tx, t.wall, {
        type: 'withdrawal_paid',
        reference: `test-withdrawal:${loan.id}`,
        userId: c.user.id,
        postings: [
          { account: customerCash(c.user.id, 'JPY'), amount: -680_000n },
          { account: brokerAccount(ACCOUNT_KINDS.brokerBank, 'JPY'), amount: 680_000n },
        ],
      }),
    );
    // A buyer joins the best bid (a market order trades only within the renewal band): the liquidation meets it.
    const buyer = await createTrader(t, 100_000_000n);
    const ticket = await trade<{ bestBid: string | null; last: string | null }>(t.app, 'ticket', { code: SALE_CODE }, buyer);
    const bid = await trade(
      t.app,
      'place',
      {
        code: SALE_CODE,
        product: 'cash',
        side: 'buy',
        orderType: 'limit',
        price: ticket.data.bestBid ?? ticket.data.last ?? '',
        lots: 10,
        fundPassword: FUND_PASSWORD,
        idempotencyKey: idemKey(),
      },
      buyer,
    );
    expect(bid.status).toBe(1);
    await t.service.engine.idle();
    t.closes.set(SALE_CODE, 7_990); // 680,000 ÷ 799,000 = 85.1 %
    expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ forcedSale: true });
    await t.service.engine.idle();
    const [sale] = await t.db
      .select()
      .from(tradingOrders)
      .where(and(eq(tradingOrders.positionId, positionId), eq(tradingOrders.kind, 'liquidation')));
    expect(sale).toMatchObject({ state: 'filled', filledQuantity: 1000 });

    // Filled but not settled: nothing is available, so nothing is repaid yet.
    await checkCredit(t.deps, c.user.id);
    expect(await loanBalances(t.db, c.user.id)).toMatchObject({ principal: 680_000n });

    // Thursday, past T+2: the proceeds repay interest (3 days) and principal, in one posting, the rest stays cash.
    t.clock.set(new Date('2025-01-09T01:00:00.000Z'));
    try {
      const interest = 3n * ((680_000n * 38_750n) / (365n * 1_000_000n));
      const cash = () => userAccountBalance(t.db, c.user.id, ACCOUNT_KINDS.customerCash, 'JPY');
      const proceeds = await cash();
      expect(proceeds).toBeGreaterThan(680_000n + interest);
      expect(await checkCredit(t.deps, c.user.id)).toMatchObject({ state: 'forced-sale' });
      expect(await loanBalances(t.db, c.user.id)).toMatchObject({ principal: 0n, accrued: 0n });
      const repaid = await t.db
        .select()
        .from(ledgerJournal)
        .where(and(eq(ledgerJournal.userId, c.user.id), eq(ledgerJournal.type, 'credit_loan_repaid')));
      expect(repaid).toHaveLength(1);
      expect(repaid[0]?.memo).toBe(`${loan.orderNo} forced-sale interest ${interest} principal 680000`);
      expect(await cash()).toBe(proceeds - 680_000n - interest);
      const records = (await credit<LoanRecordsPage>(t.app, 'records', {}, c)).data;
      expect(records.list[0]).toMatchObject({ id: loan.id, status: 'repaid' });
      // Nothing left to repay: another pass posts nothing.
      await checkCredit(t.deps, c.user.id);
      expect(
        await t.db
          .select()
          .from(ledgerJournal)
          .where(and(eq(ledgerJournal.userId, c.user.id), eq(ledgerJournal.type, 'credit_loan_repaid'))),
      ).toHaveLength(1);
      expect(await checkLedger(t.db)).toMatchObject({ balanced: true, cacheMismatches: [] });
    } finally {
      t.clock.set(MORNING);
    }
  });
});
