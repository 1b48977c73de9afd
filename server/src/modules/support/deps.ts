// What the support services need. The plugin builds one from the app; tests reach the same
// services through the app (testing/support-test-kit.ts).
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { FundsDeps } from '../funds';
import type { UserEventHub } from '../market';
import type { z } from 'zod';
import type { LoanRecord, supportRepayRequestFormSchema } from '@kabuto/shared-sdk/schemas';
import type { SupportLiveHub } from './live';

/** Loan repayments made in the chat go through credit's own repayment (the app wires it). */
export interface SupportLoans {
  /** Repays from the customer's cash, idempotent by the form's key; refusals throw ApiFailure. */
  repay(userId: number, form: z.output<typeof supportRepayRequestFormSchema>): Promise<LoanRecord>;
}

export interface SupportDeps {
  db: Database;
  /** Real time: message stamps, signed URL expiry. */
  clock: Clock;
  /** Business hours are read on it (docs/support.md §2). */
  businessClock: BusinessClock;
  /** The customer's `support` events on /ws, after commit. */
  userEvents: UserEventHub;
  /** The operators' stream, after commit. */
  live: SupportLiveHub;
  /** Deposits made in the chat go through funds' own deposit request. */
  funds: FundsDeps;
  loans: SupportLoans;
  /** Signs short-lived GET URLs of attachments (common/upload/signed-url.ts) and operators' upload policies. */
  secret: string;
  /** Lifetime of an operator's attachment upload policy; POLICY_TTL_MS when not given. */
  uploadPolicyTtlMs?: number;
  /** Customer id → their conversation's id, remembered by this app (store.ts conversationIdOf). */
  conversationIds: Map<number, number>;
}

export const SUPPORT_API = '/api/vue/support';
export const OPS_SUPPORT_API = '/api/ops/support';
