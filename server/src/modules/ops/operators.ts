// Operator management. Adding an operator and changing an operator's role are proposals
// that another admin approves under the independence rule (independence.ts); the one
// exception is the bootstrap: while 'ops' (or whoever is first) is the only operator that
// has ever existed, it adds the second operator directly, and that operator is a root of
// its own (docs/operations.md, Operators). A new operator's credential is drawn here,
// returned to the proposer once and stored only as its sha256; it is refused until the add
// is approved. Retiring stops a credential at once. Every change writes the audit log in
// the same transaction; a refused approval is audited in a write of its own.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { operatorProposals, operators, type OperatorProposalRow, type OperatorRow } from './schema';
import { ApiFailure } from '../../http/envelope';
import { newToken, sha256Hex } from '../../crypto/tokens';
import { writeAudit } from './audit';
import { forgetCheckedOperators } from './operator-cache';
import type { OperatorIdentity } from './auth';
import { auditRefusedApproval, dependenceOf, rootOf, type DependenceReason } from './independence';
import type { OperatorRole } from './roles';

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
  role: OperatorRole;
  /** 'pending' until another operator approves the add. */
  state: 'pending' | 'active';
  /** Whose credential chain this operator belongs to (independence.ts). */
  root: string;
  createdAt: string;
  /** Who added (or proposed) them; null for the bootstrap operator 'ops'. */
  createdBy: string | null;
  /** Who approved the add; null when nobody had to (bootstrap). */
  approvedBy: string | null;
  retiredAt: string | null;
  retiredBy: string | null;
  active: boolean;
}

export function operatorView(row: OperatorRow): OperatorView {
  return {
    name: row.name,
    role: row.role,
    state: row.state,
    root: rootOf(row),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    approvedBy: row.approvedBy,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    retiredBy: row.retiredBy,
    active: row.retiredAt === null && row.state === 'active',
  };
}

export interface OperatorProposalView {
  id: number;
  kind: 'add' | 'role';
  operator: string;
  role: OperatorRole;
  reason: string;
  proposedBy: string;
  proposedAt: string;
  state: 'proposed' | 'approved' | 'rejected';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

export function proposalView(row: OperatorProposalRow): OperatorProposalView {
  return {
    id: row.id,
    kind: row.kind,
    operator: row.operator,
    role: row.role,
    reason: row.reason,
    proposedBy: row.proposedBy,
    proposedAt: row.proposedAt.toISOString(),
    state: row.state,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

/** Every operator, active, pending and retired, oldest first. */
export async function listOperators(db: Database): Promise<OperatorView[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.id));
  return rows.map(operatorView);
}

/** Operator proposals in one state, newest first. */
export async function listOperatorProposals(db: Database, state: OperatorProposalRow['state']): Promise<OperatorProposalView[]> {
  const rows = await db.select().from(operatorProposals).where(eq(operatorProposals.state, state)).orderBy(desc(operatorProposals.id)).limit(200);
  return rows.map(proposalView);
}

/** Where the bootstrap add leaves the new operator's credential: the data dir, owner-only. */
export function bootstrapCredentialFile(dataDir: string, name: string): string {
  return join(dataDir, `operator-credential-${name}`);
}

function writeBootstrapCredential(dataDir: string, name: string, credential: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = bootstrapCredentialFile(dataDir, name);
  // The insert has just claimed the name for good, so a file already there is left by an add
  // of this name that rolled back: its credential never worked.
  writeFileSync(file, `${credential}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * Adds operator `name` with a fresh 256-bit credential (the table keeps its sha256). A taken
 * name (also a retired one, so audit records never name two people) is refused with
 * MSG.accountExists.
 *
 * Bootstrap: while the actor is the only active operator, nobody could approve, so the add
 * takes effect at once and the new operator is a root of its own. Its credential is then not
 * in the answer but in an owner-only file in the data dir on the server host: an operator
 * who holds only a credential and the API (the lone operator included) never sees it, so
 * cannot act as the second operator; the host's owner hands it over. Audited as
 * `operator.add` with `bootstrap: true`.
 *
 * Otherwise the credential is in the answer, the new operator is pending and shares the
 * proposer's root (the proposer has seen the credential), and `proposal` says what another
 * admin must approve.
 */
export async function addOperator(
  deps: { db: Database; clock: Clock; dataDir: string },
  actor: OperatorIdentity,
  input: { name: string; role: OperatorRole; reason: string },
): Promise<{ operator: OperatorView; credential: string | null; credentialFile: string | null; proposal: OperatorProposalView | null }> {
  const { db, clock } = deps;
  if (RESERVED_OPERATOR_NAMES.has(input.name)) throw new ApiFailure(MSG.accountExists);
  const credential = newToken();
  return db.transaction(async (tx) => {
    // Every active operator, locked: two adds at once must not both see "only one operator".
    const active = await lockActiveOperators(tx);
    const actorRow = active.find((o) => o.id === actor.id);
    if (!actorRow) throw new ApiFailure(MSG.operatorCredentialRequired);
    const bootstrap = active.length === 1;
    const [created] = await tx
      .insert(operators)
      .values({
        name: input.name,
        credentialHash: sha256Hex(credential),
        createdAt: clock.now(),
        createdBy: actor.name,
        role: input.role,
        state: bootstrap ? 'active' : 'pending',
        root: bootstrap ? null : rootOf(actorRow),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new ApiFailure(MSG.accountExists);
    if (bootstrap) {
      const credentialFile = writeBootstrapCredential(deps.dataDir, created.name, credential);
      await writeAudit(tx, clock, actor, {
        action: 'operator.add',
        targetUserId: null,
        reason: input.reason,
        details: { operator: created.name, role: created.role, bootstrap: true, credentialFile },
      });
      return { operator: operatorView(created), credential: null, credentialFile, proposal: null };
    }
    const [proposal] = await tx
      .insert(operatorProposals)
      .values({ kind: 'add', operator: created.name, role: input.role, reason: input.reason, proposedBy: actor.name, proposedAt: clock.now() })
      .returning();
    if (!proposal) throw new Error('operator proposal not stored');
    await writeAudit(tx, clock, actor, {
      action: 'operator.add.propose',
      targetUserId: null,
      reason: input.reason,
      details: { operator: created.name, role: created.role, proposalId: proposal.id, proposedBy: actor.name },
    });
    return { operator: operatorView(created), credential, credentialFile: null, proposal: proposalView(proposal) };
  });
}

/** Proposes giving active operator `name` another role; another admin approves it. */
export async function proposeRole(
  db: Database,
  clock: Clock,
  actor: OperatorIdentity,
  input: { name: string; role: OperatorRole; reason: string },
): Promise<OperatorProposalView> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(operators)
      .where(and(eq(operators.name, input.name), isNull(operators.retiredAt), eq(operators.state, 'active')))
      .limit(1);
    if (!target) throw new ApiFailure(MSG.accountNotFound);
    if (target.role === input.role) throw new ApiFailure(MSG.invalidParams);
    const [proposal] = await tx
      .insert(operatorProposals)
      .values({ kind: 'role', operator: target.name, role: input.role, reason: input.reason, proposedBy: actor.name, proposedAt: clock.now() })
      .returning();
    if (!proposal) throw new Error('operator proposal not stored');
    await writeAudit(tx, clock, actor, {
      action: 'operator.role.propose',
      targetUserId: null,
      reason: input.reason,
      details: { operator: target.name, from: target.role, role: input.role, proposalId: proposal.id, proposedBy: actor.name },
    });
    return proposalView(proposal);
  });
}

/**
 * Approves or rejects an operator proposal. Approval is refused (MSG.noPermission, audited
 * as `operator.<kind>.approve.refused` naming who tried and who proposed) when the approver
 * is not independent of the proposer, or is the operator the proposal concerns. Anyone with
 * the role may reject, the proposer too (withdrawing it). Rejecting an add retires the
 * pending operator, whose name stays taken.
 */
export async function decideOperatorProposal(
  db: Database,
  clock: Clock,
  actor: OperatorIdentity,
  id: number,
  outcome: 'approved' | 'rejected',
  reason: string | null,
): Promise<OperatorProposalView> {
  const [found] = await db.select().from(operatorProposals).where(eq(operatorProposals.id, id)).limit(1);
  if (!found) throw new ApiFailure(MSG.accountNotFound);
  // A decided proposal is answered as such, not as a refusal of the approver.
  if (found.state !== 'proposed') throw new ApiFailure(MSG.reviewNotPending);
  if (outcome === 'approved') {
    const why: DependenceReason | null = found.operator === actor.name ? 'concerns-approver' : await dependenceOf(db, found.proposedBy, actor);
    if (why) {
      await auditRefusedApproval(db, clock, actor, {
        action: `operator.${found.kind}.approve`,
        targetUserId: null,
        proposedBy: found.proposedBy,
        why,
        details: { proposalId: found.id, operator: found.operator, role: found.role },
      });
      throw new ApiFailure(MSG.noPermission);
    }
  }
  const view = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(operatorProposals).where(eq(operatorProposals.id, id)).for('update').limit(1);
    if (!row) throw new ApiFailure(MSG.accountNotFound);
    if (row.state !== 'proposed') throw new ApiFailure(MSG.reviewNotPending);
    const [target] = await tx.select().from(operators).where(eq(operators.name, row.operator)).for('update').limit(1);
    if (!target) throw new Error('proposal names an unknown operator');
    const now = clock.now();
    if (row.kind === 'add') {
      if (target.state !== 'pending' || target.retiredAt !== null) throw new ApiFailure(MSG.reviewNotPending);
      await tx
        .update(operators)
        .set(outcome === 'approved' ? { state: 'active', role: row.role, approvedBy: actor.name } : { retiredAt: now, retiredBy: actor.name })
        .where(eq(operators.id, target.id));
    } else {
      if (target.state !== 'active' || target.retiredAt !== null) throw new ApiFailure(MSG.accountNotFound);
      if (outcome === 'approved') await tx.update(operators).set({ role: row.role }).where(eq(operators.id, target.id));
    }
    const [decided] = await tx
      .update(operatorProposals)
      .set({ state: outcome, decidedBy: actor.name, decidedAt: now, decisionReason: reason })
      .where(eq(operatorProposals.id, id))
      .returning();
    if (!decided) throw new Error('operator proposal vanished while locked');
    await writeAudit(tx, clock, actor, {
      action: `operator.${row.kind}.${outcome === 'approved' ? 'approve' : 'reject'}`,
      targetUserId: null,
      reason,
      details: { proposalId: row.id, operator: row.operator, role: row.role, proposedBy: row.proposedBy, decidedBy: actor.name },
    });
    return proposalView(decided);
  });
  forgetCheckedOperators();
  return view;
}

/** Every active operator, locked in id order, so two roster changes at once see each other's result. */
function lockActiveOperators(tx: Database): Promise<OperatorRow[]> {
  return tx
    .select()
    .from(operators)
    .where(and(isNull(operators.retiredAt), eq(operators.state, 'active')))
    .orderBy(asc(operators.id))
    .for('update');
}

/**
 * Retires operator `name`. Refused: an unknown or already retired name
 * (MSG.accountNotFound), retiring oneself, or leaving no active operator
 * (MSG.noPermission). The active operators are locked in id order first, so two
 * operators retiring each other at the same moment cannot both succeed.
 */
export async function retireOperator(db: Database, clock: Clock, actor: OperatorIdentity, input: { name: string; reason: string }): Promise<OperatorView> {
  const view = await db.transaction(async (tx) => {
    const active = await lockActiveOperators(tx);
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
  forgetCheckedOperators();
  return view;
}
