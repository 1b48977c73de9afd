// One business clock: in demo mode a visitor at 02:25 JST finds the market trading and the
// deposit window open on the same simulated time the header shows; security timers stay real.
import { jstDate } from '../../clock';
import { demoTimeAt } from '../market';
import type { BusinessClockInfo, DepositInfo, DepositRecord } from '@kabuto/shared-sdk/schemas';
import { call, createCustomer, createOperator, idemKey, ops, startFundsTestApp, uploadRow, type FundsTestContext } from './testing/funds-test-kit';

let t: FundsTestContext;
beforeAll(async () => {
  t = await startFundsTestApp({ businessClock: (real) => ({ now: () => demoTimeAt(real.now()), mode: 'demo' }) });
});
afterAll(async () => t.close());

describe('the business clock in demo mode', () => {
  it('at 02:25 JST real time, the header clock, the market and the deposit window agree on the simulated time', async () => {
    t.clock.set(jstDate(2025, 1, 7, 2, 25));
    const simulated = demoTimeAt(t.clock.now());
    const alice = await createCustomer(t);

    const clock = (await t.app.inject({ method: 'POST', url: '/api/vue/common/clock', payload: '' })).json() as { status: number; data: BusinessClockInfo };
    expect(clock.status).toBe(1);
    expect(clock.data).toMatchObject({ simulated: true, mode: 'demo', now: simulated.getTime(), realNow: t.clock.now().getTime() });
    const hh = String((simulated.getUTCHours() + 9) % 24).padStart(2, '0');
    expect(clock.data.jstTime).toBe(`${hh}:${String(simulated.getUTCMinutes()).padStart(2, '0')}`);
    // The simulated time is inside trading hours, so the deposit window (09:00-17:00) is open …
    expect(clock.data.jstTime >= '09:00' && clock.data.jstTime <= '15:30').toBe(true);
    expect((await call<DepositInfo>(t.app, 'depositInfo', {}, alice)).data.open).toBe(true);
    // … and a deposit goes through although it is 02:25 on the wall clock.
    const proofKey = await uploadRow(t.db, t.clock, alice);
    const res = await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '5000', proofKey, idempotencyKey: idemKey() }, alice);
    expect(res.status).toBe(1);
    // The record is dated in business time, as every customer-facing time is (the business clock never goes back).
    expect(res.data.createdAt).toBe(simulated.toISOString());
    // The market runs on the same clock: the stock page says trading, not closed.
    expect(['zaraba', 'closing-auction']).toContain(t.app.market.market.quote('7203').phase);
  });

  it('the deposit notice is dated in business time in the inbox, the time its text names', async () => {
    t.clock.set(jstDate(2025, 1, 7, 4, 27));
    const simulated = demoTimeAt(t.clock.now());
    const bob = await createCustomer(t);
    const op = await createOperator(t.db, 'clock-reviewer');
    const proofKey = await uploadRow(t.db, t.clock, bob);
    const deposit = (await call<DepositRecord>(t.app, 'deposit', { channelId: 'bank-jpy', amount: '7000', proofKey, idempotencyKey: idemKey() }, bob)).data;
    expect((await ops(t.app, op.token, 'POST', `/deposits/${deposit.id}/approve`, {})).status).toBe(1);
    const inbox = (
      await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/messages',
        payload: 'page=1&pageSize=10&lang=en',
        headers: { token: bob.session.token, account: bob.session.account, 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).json() as { data: { list: { kind: string; summary: string; createdAt: string }[] } };
    const notice = inbox.data.list.find((m) => m.kind === 'deposit_approved');
    // Dated at the simulated time its text names, not the real 04:27.
    expect(notice?.createdAt).toBe(simulated.toISOString());
  });

  it('with the real clock as the business clock, the same call says not simulated', async () => {
    const real = await startFundsTestApp();
    try {
      const clock = (await real.app.inject({ method: 'POST', url: '/api/vue/common/clock', payload: '' })).json() as { data: BusinessClockInfo };
      expect(clock.data).toMatchObject({ simulated: false, mode: 'real', now: real.clock.now().getTime() });
      expect(clock.data.now).toBe(clock.data.realNow);
    } finally {
      await real.close();
    }
  });
});
