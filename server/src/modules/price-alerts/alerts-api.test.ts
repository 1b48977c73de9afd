// The `alerts` calls end to end on the app (docs/api/price-alerts.md): every bad input is a
// catalogue message naming the rule (and the published number) with nothing saved; the maximum
// counts active alerts only; a fired alert shows its trade time and price, once, in the list and
// as site message + outbox + push; customers never see or touch each other's alerts.
import { and, count, eq } from 'drizzle-orm';
import { groupThousands } from '@kabuto/shared-sdk/format';
import { MSG } from '@kabuto/shared-sdk/messages';
import { PRICE_ALERT_MAX_ACTIVE, type PriceAlertList, type PriceAlertView } from '@kabuto/shared-sdk/schemas';
import { siteMessages } from '../identity';
import { tickSize } from '../market';
import { outbox } from '../../notifications/schema';
import { priceAlerts } from './schema';
import { alerts, createCustomer, startAlertsTestApp, trade, type AlertsAppContext, type TestCustomer } from './testing/price-alerts-test-kit';
import { yenText } from './views';

let t: AlertsAppContext;
beforeAll(async () => {
  t = await startAlertsTestApp();
}, 120_000);
afterAll(async () => t.close());

async function stored(c: TestCustomer): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, c.user.id));
  return row?.n ?? 0;
}

test('bad inputs: each refused with its catalogue message, nothing saved', async () => {
  const c = await createCustomer({ db: t.db, clock: t.clock });
  const q = t.app.market.market.quote('7203');
  const table = t.app.market.market.tickTable('7203');
  const tick = tickSize(q.previousClose, table);
  const cases: [Record<string, string>, string][] = [
    [{ code: '1234', kind: 'above', price: '100' }, MSG.unknownStockCode],
    [{ code: 'abc', kind: 'above', price: '100' }, MSG.unknownStockCode],
    [{ kind: 'above', price: '100' }, MSG.unknownStockCode],
    [{ code: '7203', kind: 'above', price: '0' }, MSG.priceAboveZero],
    [{ code: '7203', kind: 'below', price: '-5' }, MSG.priceAboveZero],
    [{ code: '7203', kind: 'above' }, MSG.priceAboveZero],
    [{ code: '7203', kind: 'above', price: `${Math.trunc(q.previousClose / 10)}.05` }, MSG.priceAlertPriceNotOnTick],
    [{ code: '7203', kind: 'move', movePercent: '0' }, MSG.priceAlertMoveOutOfRange],
    [{ code: '7203', kind: 'move', movePercent: '30.1' }, MSG.priceAlertMoveOutOfRange],
    [{ code: '7203', kind: 'move', movePercent: '1.25' }, MSG.priceAlertMoveOutOfRange],
    [{ code: '7203', kind: 'move' }, MSG.priceAlertMoveOutOfRange],
    [{ code: '7203', kind: 'sideways', price: '100' }, MSG.priceAlertKindInvalid],
    [{ code: '7203', kind: 'move', movePercent: '5', direction: 'left' }, MSG.invalidParams],
  ];
  if (tick > 1) cases.push([{ code: '7203', kind: 'above', price: yenText(q.previousClose + 1) }, MSG.priceAlertPriceNotOnTick]);
  for (const [form, msg] of cases) {
    const answer = await alerts(t.app, 'create', form, c);
    expect({ form, status: answer.status, msg: answer.msg }).toEqual({ form, status: 0, msg });
  }
  // The tick refusal names the tick of that price band (a price finer than 0.1 yen, '.05', is
  // refused by the form before any band is known, so this one is on the 0.1 grid, off the band's).
  expect(tick).toBeGreaterThan(1);
  const offTick = await alerts<{ tick: string }>(t.app, 'create', { code: '7203', kind: 'above', price: yenText(q.previousClose + 1) }, c);
  expect(offTick.data.tick).toBe(yenText(tick));
  expect(await stored(c)).toBe(0);
});

test('the published maximum counts active alerts; a refusal over it saves nothing', async () => {
  const c = await createCustomer({ db: t.db, clock: t.clock });
  const made: PriceAlertView[] = [];
  for (let i = 0; i < PRICE_ALERT_MAX_ACTIVE; i++) {
    const a = await alerts<PriceAlertView>(t.app, 'create', { code: '7203', kind: 'move', movePercent: String(i + 1) }, c);
    expect(a.msg).toBe(MSG.priceAlertCreated);
    made.push(a.data);
  }
  const over = await alerts<{ max: number }>(t.app, 'create', { code: '6758', kind: 'above', price: '100000' }, c);
  expect(over).toMatchObject({ status: 0, msg: MSG.priceAlertLimitReached, data: { max: PRICE_ALERT_MAX_ACTIVE } });
  expect(await stored(c)).toBe(PRICE_ALERT_MAX_ACTIVE);
  const list = (await alerts<PriceAlertList>(t.app, 'list', {}, c)).data;
  expect(list).toMatchObject({ active: PRICE_ALERT_MAX_ACTIVE, maxActive: PRICE_ALERT_MAX_ACTIVE, movePercentMin: '0.1', movePercentMax: '30' });
  // Deleting one frees a place.
  expect((await alerts(t.app, 'delete', { id: made[0]!.id }, c)).msg).toBe(MSG.priceAlertDeleted);
  expect((await alerts(t.app, 'create', { code: '6758', kind: 'above', price: '100000' }, c)).status).toBe(1);
  expect(await stored(c)).toBe(PRICE_ALERT_MAX_ACTIVE);
});

test('someone else’s alert: not found for list, update and delete', async () => {
  const owner = await createCustomer({ db: t.db, clock: t.clock });
  const other = await createCustomer({ db: t.db, clock: t.clock });
  const a = (await alerts<PriceAlertView>(t.app, 'create', { code: '7203', kind: 'move', movePercent: '3' }, owner)).data;
  expect((await alerts<PriceAlertList>(t.app, 'list', {}, other)).data.list).toEqual([]);
  expect((await alerts(t.app, 'update', { id: a.id, kind: 'move', movePercent: '4' }, other)).msg).toBe(MSG.priceAlertNotFound);
  expect((await alerts(t.app, 'delete', { id: a.id }, other)).msg).toBe(MSG.priceAlertNotFound);
  expect((await alerts(t.app, 'delete', { id: 'x' }, other)).msg).toBe(MSG.priceAlertNotFound);
  expect(await stored(owner)).toBe(1);
});

test('a venue trade fires it once: site message, outbox and push; fired with time and price; editing re-arms it', async () => {
  const c = await createCustomer({ db: t.db, clock: t.clock });
  const q = t.app.market.market.quote('7203');
  const tick = tickSize(q.previousClose, t.app.market.market.tickTable('7203'));
  const target = q.previousClose + 10 * tick;
  const a = (await alerts<PriceAlertView>(t.app, 'create', { code: '7203', kind: 'above', price: yenText(target) }, c)).data;
  expect(a).toMatchObject({ state: 'active', kind: 'above', price: yenText(target), firedAt: null, simulated: true });
  const now = t.clock.now().getTime();
  t.watcher.onTrade(trade('7203', target - tick, now + 1_000));
  await t.watcher.idle();
  expect((await alerts<PriceAlertList>(t.app, 'list', { code: '7203' }, c)).data.list[0]?.state).toBe('active');
  const hit = trade('7203', target + tick, now + 2_000);
  t.watcher.onTrade(hit);
  t.watcher.onTrade(trade('7203', target + 2 * tick, now + 3_000));
  t.watcher.onTrade(hit);
  await t.watcher.idle();
  const fired = (await alerts<PriceAlertList>(t.app, 'list', { code: '7203' }, c)).data;
  expect(fired.active).toBe(0);
  expect(fired.list[0]).toMatchObject({ id: a.id, state: 'fired', firedPrice: yenText(target + tick), firedAt: new Date(now + 2_000).toISOString() });
  const messages = await t.db
    .select()
    .from(siteMessages)
    .where(and(eq(siteMessages.userId, c.user.id), eq(siteMessages.kind, 'price_alert')));
  expect(messages).toHaveLength(1);
  const [int = '', frac] = yenText(target + tick).split('.');
  expect(messages[0]?.body.en).toContain(`¥${groupThousands(int)}${frac ? `.${frac}` : ''}`);
  expect(messages[0]?.body.en).toContain('JST');
  expect(messages[0]?.body.en).toContain('simulated');
  const out = await t.db.select().from(outbox).where(eq(outbox.recipient, c.user.account));
  expect(out.filter((o) => o.channel === 'push')).toHaveLength(1);
  expect(out.filter((o) => o.channel === 'sms')).toHaveLength(1);

  // Edit: active again from now; only later trades count.
  const edited = await alerts<PriceAlertView>(t.app, 'update', { id: a.id, kind: 'below', price: yenText(q.previousClose - 5 * tick) }, c);
  expect(edited).toMatchObject({ status: 1, msg: MSG.priceAlertUpdated, data: { state: 'active', kind: 'below', firedAt: null } });
  t.watcher.onTrade(trade('7203', q.previousClose - 6 * tick, now - 1_000));
  await t.watcher.idle();
  expect((await alerts<PriceAlertList>(t.app, 'list', {}, c)).data.list[0]?.state).toBe('active');
  // Deleted: a trade that meets the rule sends nothing.
  await alerts(t.app, 'delete', { id: a.id }, c);
  t.watcher.onTrade(trade('7203', q.previousClose - 6 * tick, now + 10_000));
  await t.watcher.idle();
  expect(await stored(c)).toBe(0);
  const after = await t.db.select().from(outbox).where(eq(outbox.recipient, c.user.account));
  expect(after.filter((o) => o.channel === 'push')).toHaveLength(1);
});

test('alerts are read again at start: an active one survives a restart of the app', async () => {
  const c = await createCustomer({ db: t.db, clock: t.clock });
  const a = (await alerts<PriceAlertView>(t.app, 'create', { code: '6758', kind: 'move', movePercent: '1', direction: 'down' }, c)).data;
  t.watcher.stop();
  await t.watcher.start();
  const close = t.app.market.market.quote('6758').previousClose;
  t.watcher.onTrade(trade('6758', close - Math.ceil(close / 100) - 10, t.clock.now().getTime() + 1_000));
  await t.watcher.idle();
  const row = (await alerts<PriceAlertList>(t.app, 'list', { code: '6758' }, c)).data.list.find((r) => r.id === a.id);
  expect(row?.state).toBe('fired');
});
