// Property: over long random sequences of deposits, approvals, rejections, withdrawals,
// payments, refusals and exchanges across several users, after every step the postings
// of each currency sum to zero, the balances cache equals the postings, no available
// balance is negative, and every wallet figure equals the sum of its postings.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  CURRENCY_CODES,
  parseAmountToMinor,
  depositFormSchema,
  exchangeFormSchema,
  exchangeQuoteFormSchema,
  withdrawFormSchema,
  type CurrencyCode,
} from '@kabuto/shared-sdk/schemas';
import { ApiFailure } from '../../http/envelope';
import { bankCards, deposits, ledgerAccounts, ledgerPostings, withdrawals } from './schema';
import { approveDeposit, rejectDeposit, submitDeposit } from './deposits/deposits';
import { executeExchange, quoteExchange } from './exchange/exchange';
import { checkLedger } from './ledger/balances';
import { ACCOUNT_KINDS } from './ledger/accounts';
import { createCustomer, idemKey, startFundsTestApp, uploadRow, type FundsTestContext, type TestCustomer } from './testing/funds-test-kit';
import { buildWallet, currencyFigures } from './wallet/wallet';
import { decideWithdrawal, submitWithdrawal } from './withdrawals/withdrawals';

let t: FundsTestContext;
const customers: { c: TestCustomer; cardId: number }[] = [];
const OPERATOR = { operator: { id: 0, name: 'property' }, reason: 'property test' };

beforeAll(async () => {
  t = await startFundsTestApp();
  for (let i = 0; i < 3; i += 1) {
    const c = await createCustomer(t);
    const now = t.clock.now();
    const [card] = await t.db
      .insert(bankCards)
      .values({
        userId: c.user.id,
        holderName: 'ヤマダタロウ',
        bankCode: '0001',
        bankName: 'みずほ',
        branchCode: '001',
        branchName: '東京営業部',
        accountType: 'ordinary',
        accountNumber: `765432${i}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    customers.push({ c, cardId: card?.id ?? 0 });
  }
});
afterAll(async () => t.close());

type Step =
  | { kind: 'deposit'; user: number; channel: 'bank-jpy' | 'bank-usd'; amount: string }
  | { kind: 'review-deposit'; pick: number; approve: boolean }
  | { kind: 'withdraw'; user: number; amount: string; password: string }
  | { kind: 'review-withdrawal'; pick: number; pay: boolean }
  | { kind: 'exchange'; user: number; from: CurrencyCode; to: CurrencyCode; amount: string; stale: boolean };

const user = fc.integer({ min: 0, max: 2 });
const amountText = fc.oneof(
  fc.integer({ min: 1, max: 2_000_000 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 999 })).map(([i, f]) => `${i}.${String(f).padStart(3, '0')}`),
  fc.constantFrom('0', '-1', 'abc', '1e3', ''),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, channel: fc.constantFrom('bank-jpy' as const, 'bank-usd' as const), amount: amountText }),
  fc.record({ kind: fc.constant('review-deposit' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), user, amount: amountText, password: fc.constantFrom('246810', '246810', '000000') }),
  fc.record({ kind: fc.constant('review-withdrawal' as const), pick: fc.nat(), pay: fc.boolean() }),
  fc.record({
    kind: fc.constant('exchange' as const),
    user,
    from: fc.constantFrom<CurrencyCode>('JPY', 'USD', 'KRW', 'VND'),
    to: fc.constantFrom(...CURRENCY_CODES),
    amount: amountText,
    stale: fc.boolean(),
  }),
);

/** Runs one step; refusals (ApiFailure) are expected outcomes, anything else fails the test. */
async function run(s: Step): Promise<void> {
  const refusals = [
    MSG.amountInvalid,
    MSG.amountTooManyDecimals,
    MSG.depositBelowMinimum,
    MSG.depositAboveMaximum,
    MSG.insufficientWithdrawable,
    MSG.insufficientAvailableBalance,
    MSG.wrongFundPassword,
    MSG.exchangeQuoteExpired,
    MSG.exchangeAmountTooSmall,
    MSG.sameCurrency,
  ];
  try {
    switch (s.kind) {
      case 'deposit': {
        const form = depositFormSchema.safeParse({
          channelId: s.channel,
          amount: s.amount,
          proofKey: await uploadRow(t.db, t.clock, customers[s.user]!.c),
          idempotencyKey: idemKey(),
        });
        if (!form.success) return;
        await submitDeposit(t.ctx, customers[s.user]!.c.user, form.data);
        return;
      }
      case 'review-deposit': {
        const pending = await t.db.select({ id: deposits.id }).from(deposits).where(eq(deposits.state, 'pending'));
        const target = pending[s.pick % Math.max(1, pending.length)];
        if (!target) return;
        if (s.approve) await approveDeposit(t.ctx, target.id, OPERATOR);
        else await rejectDeposit(t.ctx, target.id, OPERATOR);
        return;
      }
      case 'withdraw': {
        const { c, cardId } = customers[s.user]!;
        const form = withdrawFormSchema.safeParse({ cardId, amount: s.amount, fundPassword: s.password, idempotencyKey: idemKey() });
        if (!form.success) return;
        const available = (await currencyFigures(t.ctx, t.db, c.user.id)).find((f) => f.currency === 'JPY')!.cash;
        const parsed = parseAmountToMinor(form.data.amount, 0);
        const wanted = parsed.ok ? parsed.minor : 0n;
        const outcome = await submitWithdrawal(t.ctx, c.user, form.data).then(
          () => 'accepted',
          (e: unknown) => (e instanceof ApiFailure ? e.msgKey : Promise.reject(e)),
        );
        // The model: a request within the rules is accepted; more than available is refused.
        if (s.password !== '246810') expect(outcome).toBe(MSG.wrongFundPassword);
        else if (wanted < 100n || wanted > 10_000_000n) expect(String(outcome)).toMatch(/^出金最(小|大)值/);
        else expect(outcome).toBe(wanted <= available ? 'accepted' : MSG.insufficientWithdrawable);
        return;
      }
      case 'review-withdrawal': {
        const pending = await t.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.state, 'pending'));
        const target = pending[s.pick % Math.max(1, pending.length)];
        if (!target) return;
        await decideWithdrawal(t.ctx, target.id, s.pay ? 'paid' : 'rejected', OPERATOR);
        return;
      }
      case 'exchange': {
        const quoteForm = exchangeQuoteFormSchema.safeParse({ from: s.from, to: s.to, amount: s.amount });
        if (!quoteForm.success) return;
        const me = customers[s.user]!.c.user;
        const quote = await quoteExchange(t.ctx, me, quoteForm.data);
        if (s.stale) t.clock.advance(31_000);
        await executeExchange(t.ctx, me, exchangeFormSchema.parse({ quoteId: quote.quoteId, idempotencyKey: idemKey() }));
        return;
      }
    }
  } catch (error) {
    if (error instanceof ApiFailure && ((refusals as string[]).includes(error.msgKey) || /^入金最[大小]值/.test(error.msgKey))) return;
    throw error;
  } finally {
    t.clock.advance(1000);
  }
}

/** Sums of postings straight from ledger_postings, per user, account kind and currency. */
async function postedSums(): Promise<(userId: number, kinds: string[], currency: CurrencyCode) => bigint> {
  const rows = await t.db
    .select({
      userId: ledgerPostings.userId,
      kind: ledgerAccounts.kind,
      currency: ledgerPostings.currency,
      sum: sql<string>`sum(${ledgerPostings.amount})::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .groupBy(ledgerPostings.userId, ledgerAccounts.kind, ledgerPostings.currency);
  return (userId, kinds, currency) =>
    rows.filter((r) => r.userId === userId && kinds.includes(r.kind) && r.currency === currency).reduce((sum, r) => sum + BigInt(r.sum), 0n);
}

async function checkInvariants(): Promise<void> {
  const ledger = await checkLedger(t.db);
  expect(ledger.currencies.filter((c) => c.sum !== 0n)).toEqual([]);
  expect(ledger.cacheMismatches).toEqual([]);
  const posted = await postedSums();
  const pending = await t.db
    .select({ userId: withdrawals.userId, sum: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(eq(withdrawals.state, 'pending'))
    .groupBy(withdrawals.userId);
  const cash = [ACCOUNT_KINDS.customerCash];
  const frozen = [ACCOUNT_KINDS.customerFrozen];
  const both = [ACCOUNT_KINDS.customerCash, ACCOUNT_KINDS.customerFrozen];
  for (const { c } of customers) {
    const id = c.user.id;
    const wallet = await buildWallet(t.ctx, id);
    expect(BigInt(wallet.balance.minor)).toBe(posted(id, both, 'JPY'));
    expect(BigInt(wallet.available.minor)).toBe(posted(id, cash, 'JPY'));
    expect(BigInt(wallet.frozen.minor)).toBe(posted(id, frozen, 'JPY'));
    expect(BigInt(wallet.usdAmount.minor)).toBe(posted(id, both, 'USD'));
    for (const cur of wallet.currencies) {
      expect(BigInt(cur.available.minor)).toBeGreaterThanOrEqual(0n);
      expect(BigInt(cur.frozen.minor)).toBeGreaterThanOrEqual(0n);
      expect(BigInt(cur.balance.minor)).toBe(posted(id, both, cur.currency));
      expect(BigInt(cur.cash.minor)).toBe(posted(id, cash, cur.currency));
    }
    // Frozen money equals the pending withdrawals, to the yen.
    expect(wallet.frozen.minor).toBe(pending.find((p) => p.userId === id)?.sum ?? '0');
  }
}

it('keeps the ledger balanced and every wallet figure equal to its postings over random sequences', async () => {
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 60 }), async (sequence) => {
      for (const s of sequence) {
        await run(s);
        await checkInvariants();
        steps += 1;
      }
    }),
    { numRuns: Number(process.env.KABUTO_PROPERTY_RUNS ?? 12), seed: Number(process.env.KABUTO_PROPERTY_SEED ?? 20250106) },
  );
  expect(steps).toBeGreaterThan(200);
  // The sequences did move money (not only refusals).
  const [moved] = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings);
  expect(Number(moved?.n)).toBeGreaterThan(20);
}, 240_000);
