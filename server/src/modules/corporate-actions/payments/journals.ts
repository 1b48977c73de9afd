// The journal entries of each dividend step, built pure so the sweep posts them and the property
// test and the independent check can add them up. Every entry balances (funds/ledger/post.ts checks).
import { brokerAccount, customerCash, type JournalInput, type PostingInput } from '../../funds';
import { DIVIDEND_ACCOUNTS } from '../config';
import type { DividendAmountsMinor } from './amounts';

const JPY = 'JPY' as const;
const mine = (kind: string, userId: number) => ({ kind, currency: JPY, userId });
const nonZero = (postings: PostingInput[]) => postings.filter((p) => p.amount !== 0n);

/** Ex-date: the customer is owed the gross; the simulated issuers' clearing owes it. */
export function receivableJournal(paymentId: number, userId: number, gross: bigint, memo: string): JournalInput {
  return {
    type: 'dividend_receivable',
    reference: `dividend:${paymentId}`,
    userId,
    memo,
    postings: [
      { account: mine(DIVIDEND_ACCOUNTS.receivable, userId), amount: gross },
      { account: brokerAccount(DIVIDEND_ACCOUNTS.issuerClearing, JPY), amount: -gross },
    ],
  };
}

/** Payment date: the receivable is cleared into cash (net) and each tax's payable account. */
export function paymentJournal(paymentId: number, userId: number, basis: 'holding' | 'lent', a: DividendAmountsMinor): JournalInput {
  return {
    type: basis === 'lent' ? 'dividend_equivalent' : 'dividend_payment',
    reference: `dividend:${paymentId}`,
    userId,
    postings: nonZero([
      { account: mine(DIVIDEND_ACCOUNTS.receivable, userId), amount: -a.gross },
      { account: customerCash(userId, JPY), amount: a.net },
      { account: brokerAccount(DIVIDEND_ACCOUNTS.incomeTaxPayable, JPY), amount: a.incomeTax },
      { account: brokerAccount(DIVIDEND_ACCOUNTS.residentTaxPayable, JPY), amount: a.residentTax },
    ]),
  };
}

/** Ex-date: a long is owed its adjustment; a short's is set aside from its cash. `amount` signed (+ long). */
export function adjustmentReserveJournal(adjustmentId: number, userId: number, amount: bigint): JournalInput {
  const postings: PostingInput[] =
    amount > 0n
      ? [
          { account: mine(DIVIDEND_ACCOUNTS.adjustmentReceivable, userId), amount },
          { account: brokerAccount(DIVIDEND_ACCOUNTS.adjustmentClearing, JPY), amount: -amount },
        ]
      : [
          { account: customerCash(userId, JPY), amount },
          { account: mine(DIVIDEND_ACCOUNTS.adjustmentReserved, userId), amount: -amount },
        ];
  return { type: 'dividend_adjustment_reserve', reference: `dividend-adjustment:${adjustmentId}`, userId, postings };
}

/** Payment date: a long's adjustment into cash; a short's reserve to the counterparties' clearing. */
export function adjustmentSettleJournal(adjustmentId: number, userId: number, amount: bigint): JournalInput {
  const postings: PostingInput[] =
    amount > 0n
      ? [
          { account: mine(DIVIDEND_ACCOUNTS.adjustmentReceivable, userId), amount: -amount },
          { account: customerCash(userId, JPY), amount },
        ]
      : [
          { account: mine(DIVIDEND_ACCOUNTS.adjustmentReserved, userId), amount },
          { account: brokerAccount(DIVIDEND_ACCOUNTS.adjustmentClearing, JPY), amount: -amount },
        ];
  return { type: 'dividend_adjustment_settle', reference: `dividend-adjustment:${adjustmentId}`, userId, postings };
}
