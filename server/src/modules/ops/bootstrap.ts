// The first operator. With KABUTO_OPERATOR_TOKEN set, operator 'ops' gets exactly that
// credential; without it a credential is generated once into <data dir>/operator-token
// (owner-only) and its path is logged — never the credential itself. 'ops' is an admin and
// a root of its own (operators.root null), the one operator nobody had to approve.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { operators } from './schema';
import { newToken, sha256Hex } from '../../crypto/tokens';

export const OPERATOR_TOKEN_FILE = 'operator-token';
export const BOOTSTRAP_OPERATOR = 'ops';
const MIN_TOKEN_LENGTH = 16;

export interface OperatorBootstrapResult {
  /** Where the credential is: the env variable or the file. */
  source: 'env' | 'file';
  file?: string;
  created: boolean;
  /** Operator 'ops' was retired by another operator: its credential is refused. */
  retired: boolean;
}

/** The credential from the environment, or the one kept in the data dir (made on first start). */
export function resolveOperatorToken(dataDir: string, fromEnv: string | undefined): { token: string; source: 'env' | 'file'; file?: string; created: boolean } {
  const explicit = fromEnv?.trim();
  if (explicit) {
    if (explicit.length < MIN_TOKEN_LENGTH) throw new Error(`KABUTO_OPERATOR_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`);
    return { token: explicit, source: 'env', created: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, OPERATOR_TOKEN_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_TOKEN_LENGTH) return { token: stored, source: 'file', file, created: false };
  }
  const token = newToken();
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, source: 'file', file, created: true };
}

/**
 * Makes sure operator 'ops' exists with the resolved credential. A retired 'ops' stays
 * retired (the credential is updated but refused); `retired` says so, for the start-up log.
 */
export async function ensureBootstrapOperator(db: Database, clock: Clock, dataDir: string, fromEnv: string | undefined): Promise<OperatorBootstrapResult> {
  const resolved = resolveOperatorToken(dataDir, fromEnv);
  const credentialHash = sha256Hex(resolved.token);
  const [holder] = await db.select({ name: operators.name }).from(operators).where(eq(operators.credentialHash, credentialHash)).limit(1);
  if (holder && holder.name !== BOOTSTRAP_OPERATOR) {
    throw new Error(`KABUTO_OPERATOR_TOKEN is the credential of operator '${holder.name}'; give operator '${BOOTSTRAP_OPERATOR}' a credential of its own`);
  }
  const [row] = await db
    .insert(operators)
    .values({ name: BOOTSTRAP_OPERATOR, credentialHash, createdAt: clock.now(), role: 'admin' })
    .onConflictDoUpdate({ target: operators.name, set: { credentialHash } })
    .returning({ retiredAt: operators.retiredAt });
  return { source: resolved.source, file: resolved.file, created: resolved.created, retired: (row?.retiredAt ?? null) !== null };
}
