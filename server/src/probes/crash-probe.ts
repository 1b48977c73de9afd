// The crash probe: kill -9 during a stream of placements, `cycles` times, on one database
// (docs/operations.md "Start-up recovery"). Each cycle starts a server process
// (crash-server.ts), measures how long readiness answers 503 after it listens, retries the
// placements the last kill left unanswered (same idempotency keys), cancels the pending
// orders of one parity (every cancel must succeed: an order the customer sees as pending
// that the venue lost is what "left pending beyond recovery" means), streams placements
// from a few parallel callers and kills the process with SIGKILL in the middle of them. At
// the end a last process cancels everything pending and stops gracefully, and the database
// is read: every acknowledged placement is there once (0 lost, 0 duplicated), nothing is
// pending or held, the ledger is balanced.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openMigratedDatabase } from '../db/client';
import { checkLedger } from '../modules/funds';
import { users } from '../modules/identity';
import { tradingOrders, tradingPositions } from '../modules/trading';

export interface CrashProbeOptions {
  cycles: number;
  /** Starts crash-server.ts on `dir` (node on the build, or tsx on the sources). */
  spawnServer: (dir: string) => ChildProcess;
  dir: string;
  /** Parallel callers placing orders (default 6). */
  callers?: number;
  /** How long placements stream before the kill, ms (default 600–1,800, varied per cycle). */
  killAfterMs?: (cycle: number) => number;
  log?: (line: string) => void;
}

export interface CrashProbeReport {
  cycles: number;
  placementsAcknowledged: number;
  /** Acknowledged placements whose position is not in the database. */
  acknowledgedLost: number;
  /** Positions beyond one per idempotency key, or not acknowledged to anyone. */
  duplicated: number;
  /** Cancels of pending orders refused after readiness said 200. */
  leftPendingBeyondRecovery: number;
  /** Orders still queued or working, or holding yen, after the final cancels. */
  stillPendingAtEnd: number;
  ledgerBalanced: boolean;
  /** Times readiness answered 503 (starting), summed over the restarts. */
  notReadyAnswers: number;
  /** Per restart: ms from listening to readiness 200. */
  recoveryMs: number[];
  unansweredRetried: number;
}

interface Answer {
  status: number;
  msg: string;
  data: { id: number; status?: string; list?: { id: number; status: string }[]; total?: number } | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function listening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = /crash-server listening (\d+)/.exec(seen);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`crash-server exited (${code}) before listening:\n${seen.slice(-3000)}`)));
  });
}

export async function runCrashProbe(opts: CrashProbeOptions): Promise<CrashProbeReport> {
  const log = opts.log ?? (() => undefined);
  const callers = opts.callers ?? 6;
  const acked = new Map<string, number>(); // idempotency key → position id answered
  let unanswered: string[] = [];
  let serial = 0;
  const report: CrashProbeReport = {
    cycles: opts.cycles,
    placementsAcknowledged: 0,
    acknowledgedLost: 0,
    duplicated: 0,
    leftPendingBeyondRecovery: 0,
    stillPendingAtEnd: 0,
    ledgerBalanced: false,
    notReadyAnswers: 0,
    recoveryMs: [],
    unansweredRetried: 0,
  };

  const start = async (): Promise<{ child: ChildProcess; base: string; headers: Record<string, string> }> => {
    const child = opts.spawnServer(opts.dir);
    const port = await listening(child);
    const listenedAt = performance.now();
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      const res = await fetch(`${base}/api/health/ready`);
      if (res.status === 200) break;
      if (res.status === 503) report.notReadyAnswers += 1;
      await sleep(5);
    }
    report.recoveryMs.push(Math.round(performance.now() - listenedAt));
    const customer = JSON.parse(readFileSync(join(opts.dir, 'customer.json'), 'utf8')) as { token: string; account: string };
    return { child, base, headers: { token: customer.token, account: customer.account, 'content-type': 'application/x-www-form-urlencoded' } };
  };

  const call = async (server: { base: string; headers: Record<string, string> }, action: string, form: Record<string, string>): Promise<Answer> => {
    const res = await fetch(`${server.base}/api/vue/trade/${action}`, { method: 'POST', headers: server.headers, body: new URLSearchParams(form).toString() });
    return (await res.json()) as Answer;
  };

  const place = async (server: { base: string; headers: Record<string, string> }, key: string): Promise<void> => {
    const n = Number(key.split('-')[1] ?? '0');
    const answer = await call(server, 'place', {
      code: '8306',
      product: 'cash',
      side: 'buy',
      orderType: 'limit',
      // Below the one ask of the probe's book: every order rests (limits 1538–2538).
      price: String(1600 + (n % 400)),
      lots: '1',
      idempotencyKey: key,
    });
    if (answer.status !== 1 || !answer.data) throw new Error(`placement ${key} refused: ${answer.msg}`);
    const before = acked.get(key);
    if (before !== undefined && before !== answer.data.id) report.duplicated += 1;
    acked.set(key, answer.data.id);
  };

  /** Cancels the pending positions (those with an even id, or all); every cancel must succeed. */
  const cancelPending = async (server: { base: string; headers: Record<string, string> }, all: boolean): Promise<number> => {
    const pending: number[] = [];
    for (const tab of ['competition', 'auction'])
      for (let page = 1; ; page++) {
        const list = await call(server, 'list', { tab, status: 'pending', page: String(page), size: '50' });
        const rows = list.data?.list ?? [];
        pending.push(...rows.map((r) => r.id));
        if (rows.length < 50) break;
      }
    let cancelled = 0;
    for (const id of pending) {
      if (!all && id % 2 !== 0) continue;
      const answer = await call(server, 'cancel', { id: String(id) });
      if (answer.status === 1) cancelled += 1;
      else {
        report.leftPendingBeyondRecovery += 1;
        log(`cancel of pending position ${id} refused after ready: ${answer.msg}`);
      }
    }
    return cancelled;
  };

  for (let cycle = 1; cycle <= opts.cycles + 1; cycle++) {
    const final = cycle > opts.cycles;
    const server = await start();
    // What the last kill left unanswered: the same keys again, answered once.
    const retry = unanswered;
    unanswered = [];
    report.unansweredRetried += retry.length;
    for (const key of retry) await place(server, key);
    const cancelled = await cancelPending(server, final);
    if (final) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      log(`final: ${retry.length} retried, ${cancelled} cancelled, stopped`);
      break;
    }
    // The stream: each caller places one order after another until the kill.
    let killed = false;
    const inFlight = new Set<string>();
    const streams = Array.from({ length: callers }, async () => {
      while (!killed) {
        const key = `probe-${String(++serial).padStart(6, '0')}`;
        inFlight.add(key);
        try {
          await place(server, key);
          inFlight.delete(key);
        } catch (error) {
          // No answer (the process died under it): retried after the restart.
          if (!killed) throw error;
          return;
        }
      }
    });
    await sleep(opts.killAfterMs?.(cycle) ?? 600 + ((cycle * 397) % 1200));
    killed = true;
    server.child.kill('SIGKILL');
    await Promise.all(streams);
    await new Promise((resolve) => (server.child.exitCode === null && server.child.signalCode === null ? server.child.once('exit', resolve) : resolve(null)));
    unanswered = [...inFlight];
    log(
      `cycle ${cycle}: ready after ${report.recoveryMs.at(-1)} ms, ${retry.length} retried, ${cancelled} cancelled, killed with ${unanswered.length} placements unanswered (${acked.size} acknowledged so far)`,
    );
  }

  // The database as the last process left it.
  const database = await openMigratedDatabase({ kind: 'pglite', dir: join(opts.dir, 'db') });
  try {
    const db = database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, '9099000001')).limit(1);
    const positions = user ? await db.select({ id: tradingPositions.id }).from(tradingPositions).where(eq(tradingPositions.userId, user.id)) : [];
    const ids = new Set(positions.map((p) => p.id));
    const answered = new Set(acked.values());
    report.placementsAcknowledged = acked.size;
    report.acknowledgedLost = [...answered].filter((id) => !ids.has(id)).length;
    // One position per key: as many positions as keys, each answered to its key.
    report.duplicated += [...ids].filter((id) => !answered.has(id)).length + (answered.size === acked.size ? 0 : acked.size - answered.size);
    const open = user
      ? await db
          .select({ id: tradingOrders.id, hold: tradingOrders.hold, state: tradingOrders.state })
          .from(tradingOrders)
          .where(eq(tradingOrders.userId, user.id))
      : [];
    report.stillPendingAtEnd = open.filter((o) => o.state === 'queued' || o.state === 'working' || o.hold !== 0n).length;
    report.ledgerBalanced = (await checkLedger(db)).balanced;
    // Every order is cancelled: none may be in a state the customer did not ask for.
    const states = new Set(open.map((o) => o.state));
    if (open.length > 0 && [...states].some((s) => !['cancelled', 'filled'].includes(s))) log(`order states at the end: ${[...states].join(', ')}`);
  } finally {
    await database.close();
  }
  return report;
}
