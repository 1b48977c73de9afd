// Operator management: operators add and retire other operators, so the four-eyes rules
// (an adjustment approved by a second operator, funds/reviews/adjustments.ts) have a
// second operator to work with. A new operator's credential is drawn here, returned to
// the caller once and stored only as its sha256; retiring an operator stops their
// credential at once (auth.ts only accepts operators without retired_at). Every change
// writes the audit log in the same transaction.
import { asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { operators, type OperatorRow } from './schema';
import { ApiFailure } from '../../http/envelope';
import { newToken, sha256Hex } from '../../crypto/tokens';
import { writeAudit } from './audit';
import type { OperatorIdentity } from './auth';

/** Lowercase letters, digits and '-', starting with a letter, 3–32 characters. */
export const OPERATOR_NAME_PATTERN = /^[a-z][a-z0-9-]{2,31}$/;

/**
 * Names the system itself writes into the audit log's operator column (the demo-mode
 * deposit approver, funds/deposits/deposits.ts DEMO_APPROVER); a person must not be
 * able to act under them.
 */
export const RESERVED_OPERATOR_NAMES: ReadonlySet<string> = new Set(['demo-auto-approve']);

/** A new operator's name: anything else is refused as invalid parameters. */
export const operatorNameSchema = z.string({ error: MSG.invalidParams }).trim().toLowerCase().regex(OPERATOR_NAME_PATTERN, { error: MSG.invalidParams });

/** What operators see of an operator: never the credential or its hash. */
export interface OperatorView {
  name: string;
  createdAt: string;
  /** Who added them; null for the bootstrap operator 'ops'. */
  createdBy: string | null;
  retiredAt: string | null;
  retiredBy: string | null;
  active: boolean;
}

export function operatorView(row: OperatorRow): OperatorView {
  return {
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    retiredBy: row.retiredBy,
    active: row.retiredAt === null,
  };
}

/** Every operator, active and retired, oldest first. */
export async function listOperators(db: Database): Promise<OperatorView[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.id));
  return rows.map(operatorView);
}

/**
 * Adds operator `name` with a fresh 256-bit credential. The credential is in the answer
 * and nowhere else: the table keeps its sha256. A taken name (also a retired one, so
 * audit records never name two people) is refused with MSG.accountExists.
 */
export async function addOperator(
  db: Database,
  clock: Clock,
  actor: OperatorIdentity,
  input: { name: string; reason: string },
): Promise<{ operator: OperatorView; credential: string }> {
  if (RESERVED_OPERATOR_NAMES.has(input.name)) throw new ApiFailure(MSG.accountExists);
  const credential = newToken();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ name: input.name, credentialHash: sha256Hex(credential), createdAt: clock.now(), createdBy: actor.name })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new ApiFailure(MSG.accountExists);
    await writeAudit(tx, clock, actor, { action: 'operator.add', targetUserId: null, reason: input.reason, details: { operator: created.name } });
    return created;
  });
  return { operator: operatorView(row), credential };
}

/**
 * Retires operator `name`. Refused: an unknown or already retired name
 * (MSG.accountNotFound), retiring oneself, or leaving no active operator
 * (MSG.noPermission). The active operators are locked in id order first, so two
 * operators retiring each other at the same moment cannot both succeed.
 */
export async function retireOperator(db: Database, clock: Clock, actor: OperatorIdentity, input: { name: string; reason: string }): Promise<OperatorView> {
  return db.transaction(async (tx) => {
    const active = await tx.select().from(operators).where(isNull(operators.retiredAt)).orderBy(asc(operators.id)).for('update');
    // The actor may have been retired since their credential was checked.
    if (!active.some((o) => o.id === actor.id)) throw new ApiFailure(MSG.operatorCredentialRequired);
    const target = active.find((o) => o.name === input.name);
    if (!target) throw new ApiFailure(MSG.accountNotFound);
    if (target.id === actor.id) throw new ApiFailure(MSG.noPermission);
    // Never zero active operators (this also guards the bootstrap operator 'ops'). With
    // the actor active and not the target it holds; stated here so a change to the rules
    // above cannot break it silently.
    if (!active.some((o) => o.id !== target.id)) throw new ApiFailure(MSG.noPermission);
    const [retired] = await tx.update(operators).set({ retiredAt: clock.now(), retiredBy: actor.name }).where(eq(operators.id, target.id)).returning();
    if (!retired) throw new Error('operator vanished while locked');
    await writeAudit(tx, clock, actor, { action: 'operator.retire', targetUserId: null, reason: input.reason, details: { operator: retired.name } });
    return operatorView(retired);
  });
}
