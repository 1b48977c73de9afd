// Rows → the shapes of docs/api/support.md. A deposit-request message shows the deposit as it
// is when read (its state follows the review), so views take the deposits they name.
import { inArray } from 'drizzle-orm';
import type {
  DepositRecord,
  OpsSupportMessageView,
  SupportMessageData,
  SupportMessageView,
  SupportTopic,
  SupportConversationView,
} from '@kabuto/shared-sdk/schemas';
import type { Database } from '../../db/client';
import { deposits, depositView, toMoney } from '../funds';
import { hoursView, supportHoursAt } from './hours';
import type { SupportConversationRow, SupportMessageRow } from './schema';

/** The deposits named by deposit-request messages, by id. */
export async function depositsOf(db: Database, rows: readonly SupportMessageRow[]): Promise<Map<number, DepositRecord>> {
  const ids = rows.flatMap((r) => (r.data.kind === 'deposit-request' ? [r.data.depositId] : []));
  if (ids.length === 0) return new Map();
  const found = await db.select().from(deposits).where(inArray(deposits.id, ids));
  return new Map(found.map((d) => [d.id, depositView(d)]));
}

function dataView(row: SupportMessageRow, found: ReadonlyMap<number, DepositRecord>): SupportMessageData {
  const data = row.data;
  switch (data.kind) {
    case 'auto':
      return { kind: 'auto', nextOpenAt: data.nextOpenAt };
    case 'deposit-request': {
      const deposit = found.get(data.depositId);
      if (!deposit) throw new Error(`deposit ${data.depositId} of support message ${row.id} is missing`);
      return { kind: 'deposit-request', deposit };
    }
    case 'loan-repayment':
      return {
        kind: 'loan-repayment',
        repayment: {
          loanId: data.loanId,
          orderNo: data.orderNo,
          amount: toMoney('JPY', BigInt(data.amountMinor)),
          outstandingAfter: toMoney('JPY', BigInt(data.outstandingAfterMinor)),
        },
      };
    case 'restriction':
      return { kind: 'restriction', restrictions: data.restrictions };
    case 'status':
      return { kind: 'status', status: data.status };
    default:
      return { kind: 'text' };
  }
}

export function messageView(row: SupportMessageRow, found: ReadonlyMap<number, DepositRecord>): SupportMessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author,
    kind: row.kind,
    text: row.body,
    attachments: row.attachments.map((key) => ({ key })),
    data: dataView(row, found),
    createdAt: row.createdAt.toISOString(),
  };
}

export function opsMessageView(row: SupportMessageRow, found: ReadonlyMap<number, DepositRecord>, operatorName: string | null): OpsSupportMessageView {
  return { ...messageView(row, found), operator: row.operatorId === null ? null : operatorName, private: row.private };
}

export function conversationView(row: SupportConversationRow, unread: number, businessNow: Date): SupportConversationView {
  const rated = row.ratedResolution !== null && row.ratedResolution === row.resolution;
  return {
    id: row.id,
    status: row.status,
    topic: row.topic satisfies SupportTopic,
    unread,
    supportReadUpToId: row.operatorReadUpTo,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    rating: rated && row.ratingStars !== null ? { stars: row.ratingStars, comment: row.ratingComment } : null,
    canRate: row.status === 'resolved' && !rated,
    hours: hoursView(supportHoursAt(businessNow)),
  };
}
