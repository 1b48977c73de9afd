// Process configuration, read once at start-up by main.ts. Everything else receives
// plain values (buildApp options), so tests never touch process.env.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { MAX_PARTITIONS } from '../cluster/partitions';

/** The repository root: this file sits in server/src/config (or server/dist/config once built). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export type DatabaseConfig = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  releasesDir: string;
  shellDir: string;
  /** The built operator console, served at /ops (KABUTO_OPS_CONSOLE_DIR). */
  opsConsoleDir: string;
  /** HMAC key for upload policies (KABUTO_SECRET, else generated once into the data dir). */
  secret: string;
  /** KABUTO_UPLOAD_POLICY_TTL_SECONDS: how long an upload policy stays valid (default 15 min). */
  uploadPolicyTtlMs: number | undefined;
  /** KABUTO_RATE_LIMIT_ALLOW: comma-separated client addresses exempt from rate limits. */
  rateLimitAllowList: string[];
  /**
   * KABUTO_TRUST_PROXY: behind a reverse proxy, 'true' (or its addresses, comma-separated) so the
   * client address (rate limits) and https (HSTS) come from X-Forwarded-For / -Proto. Default: no proxy.
   */
  trustProxy: boolean | string[];
  /**
   * KABUTO_OPS_CREDENTIAL_NETWORKS: comma-separated addresses or CIDR blocks from which the operator credential alone
   * opens the ops API (the CLI); elsewhere operators sign in on the console with a passkey. Default: the server host.
   */
  operatorCredentialNetworks: string[] | undefined;
  /** KABUTO_ROLE and what it needs (docs/operations.md "Cluster"). */
  cluster: ClusterEnv;
}

/**
 * `all`: one process does everything (npm start). In a cluster, `api` servers answer customers and
 * forward the venue's routes; a `venue` process leads one partition (simulated venue, order writer,
 * sweeps) while it holds the partition's lease.
 */
export type ClusterEnv =
  | { role: 'all' }
  | { role: 'api'; natsUrl: string; partitions: number; placements: 'venue' | 'api' }
  | { role: 'venue'; natsUrl: string; partition: number; partitions: number };

/** A whole number from `min` to `max`, or the error naming the variable. */
export function wholeNumber(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return n;
}

function parseCluster(source: EnvSource, database: DatabaseConfig): ClusterEnv {
  const role = nonEmpty(source.KABUTO_ROLE) ?? 'all';
  if (role === 'all') return { role };
  if (role !== 'api' && role !== 'venue') throw new Error(`KABUTO_ROLE must be all, api or venue, not "${role}"`);
  const natsUrl = nonEmpty(source.KABUTO_NATS_URL);
  if (!natsUrl) throw new Error(`KABUTO_ROLE=${role} needs KABUTO_NATS_URL (the cluster's bus)`);
  if (database.kind !== 'postgres') throw new Error(`KABUTO_ROLE=${role} needs DATABASE_URL (PostgreSQL): embedded PGlite belongs to one process`);
  // Every process of the cluster must name the same count: it decides which partition holds a code.
  const partitions = wholeNumber('KABUTO_VENUE_PARTITIONS', nonEmpty(source.KABUTO_VENUE_PARTITIONS) ?? '1', 1, MAX_PARTITIONS);
  if (role === 'api') {
    // KABUTO_PLACEMENTS=api: this server checks and writes a placement itself; only the order's
    // entry crosses the bus to its partition (docs/operations.md "Where a placement is written").
    const placements = nonEmpty(source.KABUTO_PLACEMENTS) ?? 'venue';
    if (placements !== 'venue' && placements !== 'api') throw new Error(`KABUTO_PLACEMENTS must be venue or api, not "${placements}"`);
    return { role, natsUrl, partitions, placements };
  }
  const partition = wholeNumber('KABUTO_VENUE_PARTITION', nonEmpty(source.KABUTO_VENUE_PARTITION) ?? '0', 0, partitions - 1);
  return { role, natsUrl, partition, partitions };
}

type EnvSource = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function dirFrom(value: string | undefined, fallback: string): string {
  const chosen = nonEmpty(value);
  if (!chosen) return fallback;
  return isAbsolute(chosen) ? chosen : resolve(process.cwd(), chosen);
}

function parsePort(value: string | undefined): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseTtlSeconds(value: string | undefined): number | undefined {
  const raw = nonEmpty(value);
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`KABUTO_UPLOAD_POLICY_TTL_SECONDS must be a positive whole number, got "${raw}"`);
  }
  return seconds * 1000;
}

export const SECRET_FILE_NAME = 'kabuto-secret';

/**
 * The upload-signing secret. A fixed value in the repository would let anyone forge
 * upload policies, so without KABUTO_SECRET we generate one per installation and keep
 * it (owner-only) in the data dir so restarts keep signed policies valid.
 */
export function resolveSecret(dataDir: string, fromEnv: string | undefined): string {
  const explicit = nonEmpty(fromEnv);
  if (explicit) {
    if (explicit.length < 16) throw new Error('KABUTO_SECRET must be at least 16 characters');
    return explicit;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_FILE_NAME);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return stored;
  }
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return generated;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  const raw = nonEmpty(value);
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return raw
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export function loadEnv(source: EnvSource = process.env): ServerEnv {
  const dataDir = dirFrom(source.KABUTO_DATA_DIR, join(REPO_ROOT, 'data'));
  const databaseUrl = nonEmpty(source.DATABASE_URL);
  const database: DatabaseConfig = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dir: join(dataDir, 'pglite') };
  return {
    port: parsePort(source.PORT),
    host: nonEmpty(source.HOST) ?? '0.0.0.0',
    dataDir,
    database,
    releasesDir: dirFrom(source.KABUTO_RELEASES_DIR, join(REPO_ROOT, 'releases')),
    shellDir: dirFrom(source.KABUTO_SHELL_DIR, join(REPO_ROOT, 'shell', 'dist')),
    opsConsoleDir: dirFrom(source.KABUTO_OPS_CONSOLE_DIR, join(REPO_ROOT, 'ops-console', 'dist')),
    secret: resolveSecret(dataDir, source.KABUTO_SECRET),
    uploadPolicyTtlMs: parseTtlSeconds(source.KABUTO_UPLOAD_POLICY_TTL_SECONDS),
    rateLimitAllowList: (nonEmpty(source.KABUTO_RATE_LIMIT_ALLOW) ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(source.KABUTO_TRUST_PROXY),
    operatorCredentialNetworks: nonEmpty(source.KABUTO_OPS_CREDENTIAL_NETWORKS)
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    cluster: parseCluster(source, database),
  };
}
