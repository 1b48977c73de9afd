// The audit trail of operator actions: who, when, what, to whom, why. Always written
// with the same transaction as the change it records (ARCHITECTURE §7.5).
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { auditLog } from './schema';
import type { OperatorIdentity } from './auth';

export interface AuditEntry {
  action: string;
  targetUserId: number | null;
  reason: string | null;
  details: Record<string, unknown>;
}

export async function writeAudit(tx: Database, clock: Clock, operator: OperatorIdentity, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ at: clock.now(), operator: operator.name, ...entry });
}
