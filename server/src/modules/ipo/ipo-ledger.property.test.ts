// Property: on every path (win or lose, pay, waive or let the deadline pass, any offer price in
// the range) escrow + refunds + settlement sum to zero — each customer ends with exactly the
// price of what they paid for gone from cash, nothing left in escrow, the settlement account
// holding the sum of payments, and the ledger balanced.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { IpoApplication } from '@kabuto/shared-sdk/schemas';
import { checkLedger, ledgerAccounts, ledgerBalances } from '../funds';
import { closeBookBuilding, drawIssue, listIssue, setOfferPrice } from './lifecycle';
import { apply, cashOf, createFundedCustomer, escrowOf, FUND_PASSWORD, idemKey, ipo, openIssue, OPERATOR, useIpoTestApp } from './testing/ipo-test-kit';

const t = useIpoTestApp();

async function settlementBalance(): Promise<bigint> {
  const [row] = await t.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerBalances.balance}), 0)::text` })
    .from(ledgerBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerBalances.accountId))
    .where(eq(ledgerAccounts.kind, 'ipo_settlement'));
  return BigInt(row?.balance ?? '0');
}

const CASH = 2_000_000n;

test('escrow + refunds + settlement sum to zero on every path', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        lotsAvailable: fc.integer({ min: 1, max: 6 }),
        model: fc.constantFrom<'perCustomer' | 'weighted'>('perCustomer', 'weighted'),
        offer: fc.integer({ min: 900, max: 1000 }),
        customers: fc.array(fc.record({ lots: fc.integer({ min: 1, max: 5 }), choice: fc.constantFrom('pay', 'waive', 'none') }), {
          minLength: 1,
          maxLength: 5,
        }),
      }),
      async (run) => {
        const issue = await openIssue(t, { unitsAvailable: run.lotsAvailable * 100, lotteryModel: run.model });
        const people = [];
        for (const spec of run.customers) {
          const c = await createFundedCustomer(t, CASH);
          expect((await apply(t, c, issue.code, spec.lots * 100)).status).toBe(1);
          people.push({ c, spec });
        }
        const settledBefore = await settlementBalance();
        await closeBookBuilding(t.deps, OPERATOR, issue.code, null);
        await drawIssue(t.deps, OPERATOR, issue.code, null);
        await setOfferPrice(t.deps, OPERATOR, issue.code, run.offer, null);
        let paidTotal = 0n;
        for (const { c, spec } of people) {
          const mine = (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, c)).data.list[0]!;
          if (mine.status !== 'awaitingPayment' || spec.choice === 'none') continue;
          const answer =
            spec.choice === 'pay'
              ? await ipo(t.app, 'pay', { id: mine.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, c)
              : await ipo(t.app, 'waive', { id: mine.id }, c);
          expect(answer.status).toBe(1);
          if (spec.choice === 'pay') paidTotal += BigInt(mine.wonQuantity) * BigInt(run.offer);
        }
        await listIssue(t.deps, OPERATOR, issue.code, null); // unpaid winners released at the (brought-forward) deadline
        let spent = 0n;
        for (const { c } of people) {
          const mine = (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, c)).data.list[0]!;
          const paid = BigInt(mine.amountPaid.minor);
          expect(await escrowOf(t, c)).toBe(0n);
          expect(await cashOf(t, c)).toBe(CASH - paid);
          // Escrowed at application = paid + refunded, to the yen.
          expect(paid + BigInt(mine.refunded.minor)).toBe(BigInt(mine.quantity) * 1000n);
          spent += paid;
        }
        expect(spent).toBe(paidTotal);
        expect((await settlementBalance()) - settledBefore).toBe(paidTotal);
        expect((await checkLedger(t.db)).balanced).toBe(true);
      },
    ),
    { numRuns: 8 },
  );
}, 300_000);
