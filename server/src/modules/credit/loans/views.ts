// Loan rows as the customer and the operator see them (shared-sdk schemas/credit.ts).
import type { LoanRecord, Money } from '@kabuto/shared-sdk/schemas';
import { toMoney } from '../../funds';
import type { CreditLoanRow } from '../schema';

export const jpy = (minor: bigint): Money => toMoney('JPY', minor);

export function loanRecordView(row: CreditLoanRow, outstanding: bigint | null = null): LoanRecord {
  return {
    id: row.id,
    orderNo: row.orderNo,
    amount: jpy(row.amount),
    appliedAt: row.appliedAt.toISOString(),
    status: row.status,
    creditScore: row.creditScore,
    creditLine: jpy(row.creditLine),
    borrowable: jpy(row.borrowable),
    borrowed: jpy(row.borrowed),
    repaid: jpy(row.repaid),
    interest: jpy(row.interest),
    outstanding: jpy(row.status === 'approved' ? (outstanding ?? row.borrowed + row.interest - row.repaid) : 0n),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.rejectReason,
    note: row.note,
    repaidAt: row.repaidAt?.toISOString() ?? null,
  };
}
