import { MSG } from '@kabuto/shared-sdk/messages';
import type { DepositRecord } from '@kabuto/shared-sdk/schemas';
import { call, createCustomer, createOperator, idemKey, startFundsTestApp, uploadRow, type FundsTestContext } from '../modules/funds/testing/funds-test-kit';
import { parseOpsArgs } from './args';
import { EXIT_FAILED, EXIT_OK } from './run';
import { runOpsAgainst } from './testing/in-process-ops';

describe('funds commands', () => {
  it('map to the operator funds API', () => {
    expect(parseOpsArgs(['deposits'])).toMatchObject({ ok: true, call: { method: 'GET', path: '/api/ops/funds/deposits' } });
    expect(parseOpsArgs(['withdrawals', '--state', 'paid'])).toMatchObject({ ok: true, call: { path: '/api/ops/funds/withdrawals?state=paid' } });
    expect(parseOpsArgs(['withdraw-pay', '7'])).toMatchObject({ ok: true, call: { method: 'POST', path: '/api/ops/funds/withdrawals/7/pay' } });
    expect(parseOpsArgs(['adjust', '090-1234-5678', 'JPY', '-500', '--reason', 'fix'])).toMatchObject({
      ok: true,
      call: { path: '/api/ops/funds/adjustments', body: { account: '9012345678', currency: 'JPY', amount: '-500', reason: 'fix' } },
    });
    expect(parseOpsArgs(['funds-config', 'withdraw_time', '09:00-18:00', '--reason', 'spec text 2'])).toMatchObject({
      ok: true,
      call: { body: { name: 'withdraw_time', value: '09:00-18:00' } },
    });
    expect(parseOpsArgs(['deposit-reject', '3'])).toMatchObject({ ok: false, error: expect.stringMatching(/--reason is required/) });
    expect(parseOpsArgs(['deposit-approve', 'x'])).toMatchObject({ ok: false, error: expect.stringMatching(/record id/) });
  });

  describe('against the server', () => {
    let t: FundsTestContext;
    let token: string;
    beforeAll(async () => {
      t = await startFundsTestApp();
      token = (await createOperator(t.db, 'cli')).token;
    });
    afterAll(() => t.close());

    const run = (argv: string[]) => runOpsAgainst(t.app, argv, token);

    it('lists the deposit queue and approves a deposit; a second approval is refused', async () => {
      const customer = await createCustomer(t);
      const dep = await call<DepositRecord>(
        t.app,
        'deposit',
        { channelId: 'bank-jpy', amount: '12345', proofKey: await uploadRow(t.db, t.clock, customer), idempotencyKey: idemKey() },
        customer,
      );
      expect((await run(['deposits'])).out).toContain(`#${dep.data.id}  ${customer.user.account}  12345 JPY`);
      expect(await run(['deposit-approve', String(dep.data.id)])).toMatchObject({ code: EXIT_OK, out: `Deposit #${dep.data.id}: approved (12345 JPY).` });
      const again = await run(['deposit-approve', String(dep.data.id)]);
      expect(again.code).toBe(EXIT_FAILED);
      expect(again.err).toContain('not pending review');
      expect((await run(['ledger-check'])).out).toMatch(/^Balanced/);
      expect((await run(['wallet', customer.user.account])).out).toContain('balance 12345 JPY');
      expect(MSG.reviewNotPending).toBeTruthy();
    });
  });
});
