// After a commit: the customer's `support` events on /ws and the operators' stream get what
// was stored. Private notes go to operators only.
import type { DepositRecord, SupportStatus } from '@kabuto/shared-sdk/schemas';
import type { SupportDeps } from './deps';
import type { SupportMessageRow } from './schema';
import { customerUnread, findConversation } from './store';
import { messageView, opsMessageView } from './views';

export interface Published {
  conversationId: number;
  userId: number;
  account: string;
  messages: readonly SupportMessageRow[];
  /** The new status when it changed, else null. */
  status: SupportStatus | null;
  /** The operator who wrote the operator messages among `messages`. */
  operatorName?: string | null;
  /** The customer's unread count after the change, when the caller has it. */
  unread?: number;
}

export async function publishAfterCommit(deps: SupportDeps, published: Published, found: ReadonlyMap<number, DepositRecord>): Promise<void> {
  let unread = published.unread;
  if (unread === undefined && published.messages.some((m) => !m.private)) {
    const conversation = await findConversation(deps.db, published.userId);
    unread = conversation ? await customerUnread(deps.db, conversation) : 0;
  }
  publishNow(deps, { ...published, unread }, found);
}

/** Text, status and automatic messages of a committed batch (they name no deposit), with the unread count the batch computed. */
export function publishStored(deps: Pick<SupportDeps, 'userEvents' | 'live'>, published: Published & { unread: number }): void {
  publishNow(deps, published, new Map());
}

function publishNow(deps: Pick<SupportDeps, 'userEvents' | 'live'>, published: Published, found: ReadonlyMap<number, DepositRecord>): void {
  const { conversationId, userId, account } = published;
  const visible = published.messages.filter((m) => !m.private);
  if (visible.length > 0 || published.status) {
    const unread = published.unread ?? 0;
    for (const row of visible) {
      deps.userEvents.publish(userId, { event: 'support', data: { type: 'message', conversationId, message: messageView(row, found), unread } });
    }
    if (published.status) deps.userEvents.publish(userId, { event: 'support', data: { type: 'status', conversationId, status: published.status } });
  }
  for (const row of published.messages) {
    deps.live.publish({ type: 'message', conversationId, account, message: opsMessageView(row, found, published.operatorName ?? null) });
  }
  if (published.status) deps.live.publish({ type: 'status', conversationId, account, status: published.status });
}
