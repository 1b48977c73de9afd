// What the cluster suites share (faults.cluster.ts, partitions.cluster.ts): the launcher and the
// built server's probes (customers, the order stream, the history checker, the venue replay
// checker), typed here once, and the checks every suite ends with.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '..', '..', '..');
const DIST = join(ROOT, 'server', 'dist');

export interface Customer {
  userId: number;
  token: string;
  account: string;
}
export interface Acknowledged {
  key: string;
  positionId: number;
  userId: number;
}
export interface StreamFigures {
  acknowledged: number;
  retried: number;
  longestWaitMs: number;
  refused: string[];
}
export interface OrderStream {
  readonly acknowledged: Map<string, Acknowledged>;
  stalledMs: number | null;
  start(callers: number): void;
  markFault(): void;
  stop(): Promise<StreamFigures>;
}
export interface HistoryReport {
  acknowledged: number;
  lost: number;
  unacknowledgedPositions: number;
  notFinal: number;
  duplicateFills: number;
  orderFillMismatches: number;
  positionFillMismatches: number;
  fills: number;
  ledgerBalanced: boolean;
}
export interface Frame {
  op?: string;
  channel?: string;
  id?: string;
  event?: string;
  at?: string;
}
export interface WsClient {
  frames: Frame[];
  send(frame: Record<string, unknown>): void;
  until(check: (frames: Frame[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}
export interface ClusterProcess {
  name: string;
  pid?: number;
  port: number;
  running: boolean;
  /** A venue process's partition. */
  partition?: number;
}
export interface Cluster {
  url: string;
  databaseUrl: string;
  partitions: number;
  processes: ClusterProcess[];
  kill(name: string, signal?: string): Promise<unknown>;
  restart(name: string, opts?: { env?: Record<string, string> }): Promise<void>;
  waitReady(name?: string, timeoutMs?: number): Promise<void>;
  leader(partition?: number): Promise<string | undefined>;
  stop(): Promise<void>;
}
export interface TradeAnswer {
  status: number;
  msg: string;
  data: { id: number } | null;
}
export interface OpenedDatabase {
  db: unknown;
  close(): Promise<void>;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the built server and the launcher are CommonJS, loaded at run time */
export const probe = require(join(DIST, 'probes', 'cluster-probe.js')) as {
  PROBE_CODE: string;
  OrderStream: new (base: () => string, customers: readonly Customer[], prefix: string, lowerLimit: number) => OrderStream;
  lowerLimitYen(base: string, code?: string): Promise<number>;
  tradeCall(base: string, customer: Customer, action: string, form: Record<string, string>): Promise<TradeAnswer>;
  orderForm(serial: number, key: string, lowerLimit: number, code?: string): Record<string, string>;
  cancelAllPending(base: string, customers: readonly Customer[]): Promise<string[]>;
  checkHistory(db: unknown, customers: readonly Customer[], acknowledged: Iterable<Acknowledged>): Promise<HistoryReport>;
};
const { createProbeCustomer: probeCustomer } = require(join(DIST, 'probes', 'customers.js')) as {
  createProbeCustomer(db: unknown, clock: unknown, account: string): Promise<Customer>;
};
export const { openDatabase } = require(join(DIST, 'db', 'client.js')) as {
  openDatabase(target: { kind: 'postgres'; url: string }): Promise<OpenedDatabase>;
};
const { systemClock } = require(join(DIST, 'clock.js')) as { systemClock: unknown };
export const { connectWs } = require(join(DIST, 'probes', 'ws-client.js')) as { connectWs(url: string): Promise<WsClient> };
export const { startCluster } = require(join(ROOT, 'scripts', 'cluster', 'launch.js')) as {
  startCluster(opts: Record<string, unknown>): Promise<Cluster>;
};
const { venueInputs } = require(join(DIST, 'cluster', 'schema.js')) as { venueInputs: unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

export interface VenueInputRow {
  partition: number;
  seq: number;
  kind: 'submit' | 'cancel';
  /** submit: the order request (its `code`); cancel: { orderId, ownerId }. */
  input: { code?: string };
}

/** Every row of the venues' input log (table venue_inputs), every partition's. */
export function venueInputRows(db: unknown): Promise<VenueInputRow[]> {
  return (db as { select(): { from(table: unknown): Promise<VenueInputRow[]> } }).select().from(venueInputs);
}

/** Which venue partition holds a code: the cluster's own rule, loaded when first asked (a suite of one partition never asks). */
export function partitionOf(code: string, count: number): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built server is CommonJS, loaded at run time
  const rule = require(join(DIST, 'cluster', 'partitions.js')) as { partitionOf(code: string, count: number): number };
  return rule.partitionOf(code, count);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A probe customer with cash and a session (written straight into the database). */
export const createProbeCustomer = (db: unknown, account: string): Promise<Customer> => probeCustomer(db, systemClock, account);

export interface SuiteCluster {
  dir: string;
  cluster: Cluster;
  database: OpenedDatabase;
  customers: Customer[];
}

/**
 * A cluster of the suite's own (a fresh data dir, free ports, loopback only; loopback rate limits
 * off, the market's warm-up skipped), its database, and a probe customer per account. A process
 * that ends without the suite's kill asking is told to `onUnexpectedExit`.
 */
export async function startSuiteCluster(
  shape: { api: number; partitions: number; standbys: number | number[] },
  accounts: readonly string[],
  onUnexpectedExit: (what: string) => void,
): Promise<SuiteCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-cluster-'));
  const cluster = await startCluster({
    ...shape,
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    env: { KABUTO_RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1', KABUTO_MARKET_WARMUP: 'off' },
    onExit: (exit: { name: string; code: number | null; signal: string | null; requested: boolean }) => {
      if (!exit.requested) onUnexpectedExit(`${exit.name} (${exit.code ?? exit.signal})`);
    },
  });
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
  const customers: Customer[] = [];
  for (const account of accounts) customers.push(await createProbeCustomer(database.db, account));
  return { dir, cluster, database, customers };
}

/** Stops what startSuiteCluster started (whatever of it did start) and removes its data dir. */
export async function stopSuiteCluster(suite: Partial<SuiteCluster>): Promise<void> {
  await suite.database?.close();
  await suite.cluster?.stop();
  if (suite.dir) rmSync(suite.dir, { recursive: true, force: true });
}

export function portOf(cluster: Cluster, name: string): number {
  const proc = cluster.processes.find((p) => p.name === name);
  if (!proc) throw new Error(`no ${name}`);
  return proc.port;
}

/** One server straight, not through the balancer. */
export const direct = (cluster: Cluster, name: string): string => `http://127.0.0.1:${portOf(cluster, name)}`;

/** The process leading `partition`, waited for up to 20 s. */
export async function leaderName(cluster: Cluster, partition = 0): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const name = await cluster.leader(partition);
    if (name) return name;
    await sleep(100);
  }
  throw new Error(`no leader of venue partition ${partition}`);
}

export interface ReplayReport {
  inputs: number;
  replayedFills: number;
  writtenFills: number;
  missing: number;
  unexplained: number;
}

/** The replay checker of one partition's input log, in a process of its own (it builds a venue as a leader does): its JSON report. */
export async function replayVenueLog(cluster: Cluster, partition = 0): Promise<ReplayReport> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(DIST, 'probes', 'venue-replay-cli.js')], {
    env: {
      ...process.env,
      DATABASE_URL: cluster.databaseUrl,
      KABUTO_MARKET_WARMUP: 'off',
      KABUTO_VENUE_PARTITION: String(partition),
      KABUTO_VENUE_PARTITIONS: String(cluster.partitions),
    },
    timeout: 120_000,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`replay check of partition ${partition} failed: ${error.stdout ?? ''} ${error.stderr ?? ''}`);
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ReplayReport;
}

/** The history checker over `acknowledged`: nothing lost or doubled, fills and positions agree, the ledger balances. */
export async function expectHistoryClean(db: unknown, customers: readonly Customer[], acknowledged: Map<string, Acknowledged>): Promise<HistoryReport> {
  const report = await probe.checkHistory(db, customers, acknowledged.values());
  expect(report).toMatchObject({
    lost: 0,
    unacknowledgedPositions: 0,
    duplicateFills: 0,
    orderFillMismatches: 0,
    positionFillMismatches: 0,
    ledgerBalanced: true,
  });
  return report;
}
