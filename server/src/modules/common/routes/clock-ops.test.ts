// The operator's advance of the demo business clock (POST /api/ops/clock/advance): the next
// business day 09:00 (holidays skipped), audited, saved for a restart; never backwards, and
// refused when the business clock is the real calendar.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BusinessClockInfo, ClockAdvanceResult } from '@kabuto/shared-sdk/schemas';
import { buildApp } from '../../../app';
import { fixedClock, jstDate, type BusinessClock } from '../../../clock';
import { openMigratedDatabase, type OpenedDatabase } from '../../../db/client';
import { TEST_SECRET } from '../../../testing/test-app';
import { SHOCK_FOLLOW_MS, SteppedBusinessClock, databaseClockStore, marketShocks } from '../../market';
import { auditLog, ensureBootstrapOperator } from '../../ops';
import { seedDatabase } from '../seed';

const TOKEN = 'operator-token-for-clock-tests-0123456789';
const wall = fixedClock(jstDate(2026, 1, 9, 3, 0));
let database: OpenedDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];

async function appOn(businessClock: BusinessClock): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database,
    clock: wall,
    businessClock,
    dataDir,
    releasesDir: join(dataDir, 'r'),
    shellDir: join(dataDir, 's'),
    secret: TEST_SECRET,
  });
  await app.ready();
  apps.push(app);
  return app;
}

const ops = async <T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
  (await app.inject({ method, url: `/api/ops${url}`, payload, headers: { authorization: `Bearer ${TOKEN}` } })).json() as {
    status: number;
    msg: string;
    data: T;
  };

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-clock-'));
  await ensureBootstrapOperator(database.db, wall, dataDir, TOKEN);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operator advance of the business clock', () => {
  it('skips to the next business day 09:00, is audited, and a restart resumes from there', async () => {
    // Friday 2026-01-09 14:00; Monday the 12th is a holiday.
    const clock = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2026, 1, 9, 14, 0), wall, store: databaseClockStore(database.db) });
    await clock.open();
    const app = await appOn(clock);
    await clock.begin();

    const before = await ops<BusinessClockInfo>(app, 'GET', '/clock');
    expect(before.data).toMatchObject({ simulated: true, jstDate: '2026-01-09', jstTime: '14:00' });

    const advanced = await ops<ClockAdvanceResult>(app, 'POST', '/clock/advance', { reason: 'demo: settle trades' });
    expect(advanced.status).toBe(1);
    expect(advanced.data.from).toMatchObject({ jstDate: '2026-01-09', jstTime: '14:00' });
    expect(advanced.data.to).toMatchObject({ jstDate: '2026-01-13', jstTime: '09:00', simulated: true });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'clock.advance'));
    expect(audit).toMatchObject({
      reason: 'demo: settle trades',
      details: { from: jstDate(2026, 1, 9, 14, 0).toISOString(), to: jstDate(2026, 1, 13, 9, 0).toISOString() },
    });

    // Customers see the same date.
    const shown = (await app.inject({ method: 'POST', url: '/api/vue/common/clock', payload: '' })).json() as { data: BusinessClockInfo };
    expect(shown.data).toMatchObject({ jstDate: '2026-01-13', jstTime: '09:00' });

    // Never backwards.
    const back = await ops(app, 'POST', '/clock/advance', { to: '2026-01-12T10:00:00+09:00' });
    expect(back).toMatchObject({ status: 0, msg: MSG.clockCannotGoBack });

    // A new process on the same database (its start instant is earlier) resumes where this one stood.
    await clock.close();
    const restarted = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2026, 1, 5, 9, 0), wall, store: databaseClockStore(database.db) });
    await restarted.open();
    expect(restarted.now()).toEqual(jstDate(2026, 1, 13, 9, 0));
  });

  it('is refused when the business clock is the real calendar', async () => {
    const app = await appOn({ now: () => wall.now(), mode: 'real' });
    const refused = await ops(app, 'POST', '/clock/advance', {});
    expect(refused).toMatchObject({ status: 0, msg: MSG.clockRealCalendar });
  });
});

describe('operator price shock of the simulated market', () => {
  it('moves the next business day’s close of one issue, so the day after opens on that previous close; audited', async () => {
    const clock = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2026, 1, 14, 10, 0), wall, store: databaseClockStore(database.db) });
    await clock.open();
    const app = await appOn(clock);
    await clock.begin();
    const today = (await ops<BusinessClockInfo>(app, 'GET', '/clock')).data.jstDate;
    const shocked = await ops<{ date: string; previousCloseOn: string; previousCloseBefore: number; previousCloseAfter: number; simulated: true }>(
      app,
      'POST',
      '/market/shock',
      {
        code: '7203',
        percent: -30,
        reason: 'journey: collateral shortfall',
      },
    );
    expect(shocked).toMatchObject({ status: 1, data: { simulated: true } });
    expect(shocked.data.date > today).toBe(true);
    // −30 % on top of the day's own move, rounded to the tick.
    const ratio = shocked.data.previousCloseAfter / shocked.data.previousCloseBefore;
    expect(ratio).toBeGreaterThan(0.69);
    expect(ratio).toBeLessThan(0.71);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'market.shock'));
    expect(audit).toMatchObject({ reason: 'journey: collateral shortfall', details: { code: '7203', percent: -30 } });
    // Two business days on, the venue's previous close is the shocked close.
    await ops(app, 'POST', '/clock/advance', {});
    await ops(app, 'POST', '/clock/advance', {});
    expect((await ops<BusinessClockInfo>(app, 'GET', '/clock')).data.jstDate).toBe(shocked.data.previousCloseOn);
    expect(app.market.market.quote('7203').previousClose).toBe(shocked.data.previousCloseAfter);
    expect(await ops(app, 'POST', '/market/shock', { code: '7203', percent: 0, reason: 'x' })).toMatchObject({ status: 0, msg: MSG.invalidParams });
    await clock.close();
  });

  it('is kept: a process started after it and one already running (a cluster’s others) move the same path', async () => {
    const clock = new SteppedBusinessClock({ progression: 'sessions', start: jstDate(2026, 1, 14, 10, 0), wall, store: databaseClockStore(database.db) });
    await clock.open();
    const running = await appOn(clock);
    const shocking = await appOn(clock);
    await clock.begin();
    const baseIn = (app: FastifyInstance, date: string) => app.market.market.simulator.path('6758').basePrice(date as never);
    const shocked = await ops<{ previousCloseOn: string; previousCloseBefore: number; previousCloseAfter: number }>(shocking, 'POST', '/market/shock', {
      code: '6758',
      percent: 20,
      reason: 'followed by every process',
    });
    expect(shocked.status).toBe(1);
    const { previousCloseOn, previousCloseBefore, previousCloseAfter } = shocked.data;
    // The answer's close was worked out on a copy of the path before it was written: the path agrees.
    expect(baseIn(shocking, previousCloseOn)).toBe(previousCloseAfter);
    expect(previousCloseAfter / previousCloseBefore).toBeGreaterThan(1.19);
    const [saved] = await database.db.select().from(marketShocks).where(eq(marketShocks.code, '6758'));
    expect(saved).toMatchObject({ percent: 20, date: expect.any(String) });
    // Moved by the shock once, not twice and not left out: within a few ticks of +20 %. (Not to the
    // tick: a path's dividend factors depend on how far it has been made, and a process that has
    // priced a later ex-date back-adjusts with one more.)
    const movedOnce = (app: FastifyInstance) => Math.abs(baseIn(app, previousCloseOn) / previousCloseBefore - 1.2) < 0.01;
    // A process started afterwards (a restart) loads it before it prices anything.
    const later = await appOn(clock);
    expect(movedOnce(later)).toBe(true);
    // One already running finds it within SHOCK_FOLLOW_MS, and applies it once.
    expect(baseIn(running, previousCloseOn)).toBe(previousCloseBefore);
    const deadline = Date.now() + 2 * SHOCK_FOLLOW_MS;
    while (!movedOnce(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(movedOnce(running)).toBe(true);
    await new Promise((r) => setTimeout(r, SHOCK_FOLLOW_MS + 500));
    for (const app of [running, later, shocking]) expect(movedOnce(app)).toBe(true);
    expect(baseIn(shocking, previousCloseOn)).toBe(previousCloseAfter);
    await clock.close();
  }, 30_000);
});
