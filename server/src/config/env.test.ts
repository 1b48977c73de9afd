import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv, REPO_ROOT, SECRET_FILE_NAME } from './env';

describe('loadEnv', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kabuto-env-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('defaults to PGlite in the data dir and folders under the repository root', () => {
    const env = loadEnv({ KABUTO_DATA_DIR: dataDir });
    expect(env.port).toBe(8080);
    expect(env.host).toBe('0.0.0.0');
    expect(env.database).toEqual({ kind: 'pglite', dir: join(dataDir, 'pglite') });
    expect(env.releasesDir).toBe(join(REPO_ROOT, 'releases'));
    expect(env.shellDir).toBe(join(REPO_ROOT, 'shell', 'dist'));
    expect(env.opsConsoleDir).toBe(join(REPO_ROOT, 'ops-console', 'dist'));
    expect(readFileSync(join(REPO_ROOT, 'server', 'package.json'), 'utf8')).toContain('@kabuto/server');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const env = loadEnv({ KABUTO_DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db/kabuto', PORT: '9000' });
    expect(env.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db/kabuto' });
    expect(env.port).toBe(9000);
  });

  it('reads the upload policy lifetime in seconds and refuses nonsense', () => {
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir }).uploadPolicyTtlMs).toBeUndefined();
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_UPLOAD_POLICY_TTL_SECONDS: '3' }).uploadPolicyTtlMs).toBe(3000);
    expect(() => loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_UPLOAD_POLICY_TTL_SECONDS: '0' })).toThrow(/TTL/);
  });

  it('reads the addresses exempt from rate limits', () => {
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir }).rateLimitAllowList).toEqual([]);
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1, ::1' }).rateLimitAllowList).toEqual(['127.0.0.1', '::1']);
  });

  it('reads the networks where the operator credential alone is accepted (default: left to the ops module)', () => {
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir }).operatorCredentialNetworks).toBeUndefined();
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_OPS_CREDENTIAL_NETWORKS: '10.0.0.0/8, ::1' }).operatorCredentialNetworks).toEqual(['10.0.0.0/8', '::1']);
  });

  it('refuses a nonsense port', () => {
    expect(() => loadEnv({ KABUTO_DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('generates the secret once, stores it owner-only, and reuses it', () => {
    const first = loadEnv({ KABUTO_DATA_DIR: dataDir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, SECRET_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir }).secret).toBe(first);
    const otherDir = mkdtempSync(join(tmpdir(), 'kabuto-env-'));
    try {
      expect(loadEnv({ KABUTO_DATA_DIR: otherDir }).secret).not.toBe(first);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('prefers KABUTO_SECRET and rejects a short one', () => {
    expect(loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_SECRET: 'a-long-enough-secret-value' }).secret).toBe('a-long-enough-secret-value');
    expect(() => loadEnv({ KABUTO_DATA_DIR: dataDir, KABUTO_SECRET: 'short' })).toThrow(/KABUTO_SECRET/);
  });

  it('reads the venue partitions: every process names the count, a venue its partition below it', () => {
    const cluster = { KABUTO_DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db/kabuto', KABUTO_NATS_URL: 'nats://127.0.0.1:4222' };
    expect(loadEnv({ ...cluster, KABUTO_ROLE: 'api' }).cluster).toEqual({ role: 'api', natsUrl: 'nats://127.0.0.1:4222', partitions: 1, placements: 'venue' });
    expect(loadEnv({ ...cluster, KABUTO_ROLE: 'api', KABUTO_PLACEMENTS: 'api' }).cluster).toMatchObject({ placements: 'api' });
    expect(() => loadEnv({ ...cluster, KABUTO_ROLE: 'api', KABUTO_PLACEMENTS: 'both' })).toThrow(/KABUTO_PLACEMENTS must be venue or api/);
    expect(loadEnv({ ...cluster, KABUTO_ROLE: 'venue', KABUTO_VENUE_PARTITIONS: '2', KABUTO_VENUE_PARTITION: '1' }).cluster).toEqual({
      role: 'venue',
      natsUrl: 'nats://127.0.0.1:4222',
      partition: 1,
      partitions: 2,
    });
    expect(() => loadEnv({ ...cluster, KABUTO_ROLE: 'venue', KABUTO_VENUE_PARTITIONS: '2', KABUTO_VENUE_PARTITION: '2' })).toThrow(
      /KABUTO_VENUE_PARTITION must be a whole number from 0 to 1/,
    );
    expect(() => loadEnv({ ...cluster, KABUTO_ROLE: 'api', KABUTO_VENUE_PARTITIONS: '0' })).toThrow(/KABUTO_VENUE_PARTITIONS/);
    expect(() => loadEnv({ ...cluster, KABUTO_ROLE: 'api', KABUTO_VENUE_PARTITIONS: '1.5' })).toThrow(/KABUTO_VENUE_PARTITIONS/);
  });
});
