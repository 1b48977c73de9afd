// The venue input log under the leader's fenced transactions (main.ts): an input acted on is
// written by the next transaction the leader commits, kept for the one after when that one rolls
// back, written once however many transactions carry it, and numbered on by the next leader.
import { sql } from 'drizzle-orm';
import { fixedClock, jstDate } from '../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../db/client';
import { fenceTransactions } from '../db/fenced';
import { PartitionInputLog, inputsOfDay, pruneInputLog } from './venue-input-log';

const clock = fixedClock(jstDate(2026, 12, 3, 10, 0));
let database: OpenedDatabase;

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
});

afterAll(async () => {
  await database.close();
});

const order = (n: number) => ({
  code: '7203',
  side: 'buy' as const,
  type: 'limit' as const,
  price: 30_000,
  quantity: 100,
  ownerId: 'u1',
  clientOrderId: `k${n}`,
});

test('inputs are written by the next committed transaction, kept when one rolls back, and numbered on by the next leader', async () => {
  const log = await PartitionInputLog.open(database.db, 0, 1, clock);
  const db = fenceTransactions(
    database.db,
    (tx) => log.writeIn(tx),
    (seq) => log.committed(seq),
  );
  const at = log.record({ kind: 'submit', order: order(1) });
  expect(at).toEqual(clock.now());
  clock.advance(5);
  log.record({ kind: 'cancel', orderId: '7203-20261203-1', ownerId: 'u1' });

  // A transaction that fails: nothing written, both still pending.
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(log.unwritten).toBe(2);
  expect(await inputsOfDay(database.db, 0, '2026-12-03')).toEqual([]);

  // The next one writes them; one after it finds them written (written once).
  await db.transaction(async (tx) => tx.execute(sql`select 1`));
  expect(log.unwritten).toBe(0);
  log.record({ kind: 'submit', order: order(2) });
  await Promise.all([db.transaction(async (tx) => tx.execute(sql`select 1`)), db.transaction(async (tx) => tx.execute(sql`select 1`))]);

  const day = await inputsOfDay(database.db, 0, '2026-12-03');
  expect(day.map((i) => [i.seq, i.kind, i.at.getTime() - clock.now().getTime()])).toEqual([
    [1, 'submit', -5],
    [2, 'cancel', 0],
    [3, 'submit', 0],
  ]);
  expect(day[0]).toMatchObject({ kind: 'submit', order: order(1), tradingDate: '2026-12-03' });
  expect(day[1]).toMatchObject({ kind: 'cancel', orderId: '7203-20261203-1', ownerId: 'u1' });
  // Another partition, another date: not in this day's log.
  expect(await inputsOfDay(database.db, 1, '2026-12-03')).toEqual([]);
  expect(await inputsOfDay(database.db, 0, '2026-12-04')).toEqual([]);

  // The next leader numbers on from the last written input.
  const next = await PartitionInputLog.open(database.db, 0, 2, clock);
  next.record({ kind: 'submit', order: order(3) });
  await next.writeIn(database.db);
  const rows = await database.db.execute<{ seq: string; epoch: string }>(sql`select seq, epoch from venue_inputs order by seq`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { seq: string; epoch: string }[] }).rows).map((r) => [Number(r.seq), Number(r.epoch)]);
  expect(list).toEqual([
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
  ]);

  // Days more than 30 before today are deleted; today's and the 30 before stay.
  await pruneInputLog(database.db, 0, '2027-01-02');
  expect(await inputsOfDay(database.db, 0, '2026-12-03')).toHaveLength(4);
  await pruneInputLog(database.db, 0, '2027-01-03');
  expect(await inputsOfDay(database.db, 0, '2026-12-03')).toEqual([]);
});
