// The audit trail of operator actions: who, when, what, to whom, why. Always written
// with the same transaction as the change it records (ARCHITECTURE §7.5).
import type { AuditAction } from '@kabuto/shared-sdk/constants';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { auditLog } from './schema';

export interface AuditEntry {
  /** One of AUDIT_ACTIONS (shared-sdk), so the console can name it in the operator's language. */
  action: AuditAction;
  targetUserId: number | null;
  reason: string | null;
  details: Record<string, unknown>;
}

/** `operator` is whoever acted: the guard's OperatorIdentity, or a row of operators (auth.ts audits its own refusals). */
export async function writeAudit(tx: Database, clock: Clock, operator: { name: string }, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ at: clock.now(), operator: operator.name, ...entry });
}

/** Several entries in one statement (a group-committed batch of operator changes); same rows as writeAudit each. */
export async function writeAudits(tx: Database, clock: Clock, entries: readonly { operator: { name: string }; entry: AuditEntry }[]): Promise<void> {
  if (entries.length === 0) return;
  const at = clock.now();
  await tx.insert(auditLog).values(entries.map(({ operator, entry }) => ({ at, operator: operator.name, ...entry })));
}
