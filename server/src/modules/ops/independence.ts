// Four-eyes means two people, and the server only sees credentials. Whoever proposes adding an
// operator receives the new credential, so could act as that operator; an approval from such a
// credential is the proposer's own. An approval therefore never counts when the approver
//  - is the proposer;
//  - shares the proposer's root (operators.root: the hands the credential passed through,
//    followed back through every add, however long the chain — this stops a chain of helpers);
//  - was added by the proposer (also the bootstrap add, whose credential the proposer never
//    saw: one step only, as the bootstrap operator's own helper is never its second pair of eyes);
//  - is the operator the proposal concerns (their own add or role).
// Approving someone's add does not reveal their credential, so it does not tie the two: were
// it to, the first operator's proposals could never be approved by anyone.
// Refusals are audited outside the refused transaction, naming who tried and whose proposal.
import { eq } from 'drizzle-orm';
import type { AuditAction } from '@kabuto/shared-sdk/constants';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { operators, type OperatorRow } from './schema';
import { writeAudit } from './audit';
import type { OperatorIdentity } from './auth';

export type DependenceReason = 'own-proposal' | 'same-root' | 'added-by-proposer' | 'concerns-approver';

/** The effective root: an operator with no recorded root is a root of its own. */
export function rootOf(row: Pick<OperatorRow, 'name' | 'root'>): string {
  return row.root ?? row.name;
}

/** Why `approver` cannot approve what `proposerName` proposed; null when the approval counts. */
export async function dependenceOf(db: Database, proposerName: string, approver: OperatorIdentity): Promise<DependenceReason | null> {
  if (approver.name === proposerName) return 'own-proposal';
  const [approverRow] = await db.select().from(operators).where(eq(operators.id, approver.id)).limit(1);
  const [proposerRow] = await db.select().from(operators).where(eq(operators.name, proposerName)).limit(1);
  // An approver the table does not know is not independent of anyone.
  if (!approverRow) return 'own-proposal';
  if (proposerRow && rootOf(proposerRow) === rootOf(approverRow)) return 'same-root';
  if (approverRow.createdBy === proposerName) return 'added-by-proposer';
  return null;
}

/** The approvals four-eyes can refuse; each has its `.refused` audit action. */
export type RefusableApproval = Extract<AuditAction, 'operator.add.approve' | 'operator.role.approve' | 'funds.adjustment.approve'>;

/** Records a refused approval in its own write, so the refusal's rollback does not erase it. */
export async function auditRefusedApproval(
  db: Database,
  clock: Clock,
  approver: OperatorIdentity,
  entry: { action: RefusableApproval; targetUserId: number | null; proposedBy: string; why: DependenceReason; details: Record<string, unknown> },
): Promise<void> {
  await writeAudit(db, clock, approver, {
    action: `${entry.action}.refused`,
    targetUserId: entry.targetUserId,
    reason: null,
    details: { ...entry.details, proposedBy: entry.proposedBy, attemptedBy: approver.name, refusedBecause: entry.why },
  });
}
