import { createUser, useIdentityTestApp } from '../modules/identity/testing/identity-test-kit';
import { parseOpsArgs } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './run';
import { expectArgsRefused, runOpsAgainst } from './testing/in-process-ops';

describe('parseOpsArgs', () => {
  it('maps each command to its operator API call', () => {
    expect(parseOpsArgs(['invite', '--count', '3'])).toEqual({
      ok: true,
      call: { command: 'invite', method: 'POST', path: '/api/ops/invites', body: { count: 3, reason: undefined } },
    });
    expect(parseOpsArgs(['freeze', '090-1234-5678', '--reason', 'fraud'])).toEqual({
      ok: true,
      call: { command: 'freeze', method: 'POST', path: '/api/ops/users/9012345678/restrictions', body: { restriction: 'frozen', on: true, reason: 'fraud' } },
    });
    expect(parseOpsArgs(['unfreeze', '9012345678', '--reason=ok']).ok && parseOpsArgs(['unfreeze', '9012345678', '--reason=ok'])).toMatchObject({
      call: { body: { restriction: 'frozen', on: false, reason: 'ok' } },
    });
    // The internal note and the text the customer is told are given separately.
    expect(parseOpsArgs(['ban-withdraw', '9012345678', '--reason', 'AML case 12', '--customer-reason', 'Please send a proof of address'])).toMatchObject({
      ok: true,
      call: { body: { restriction: 'withdraw_banned', on: true, reason: 'AML case 12', customerReason: 'Please send a proof of address' } },
    });
    expect(parseOpsArgs(['lift', 'trade_banned', '9012345678', '--reason', 'ok'])).toMatchObject({
      ok: true,
      call: { body: { restriction: 'trade_banned', on: false } },
    });
    expect(parseOpsArgs(['set-role', '9012345678', 'agent', '--rebate', '0.1', '--reason', 'partner'])).toMatchObject({
      ok: true,
      call: { path: '/api/ops/users/9012345678/role', body: { role: 'agent', rebateRatio: 0.1 } },
    });
    expect(parseOpsArgs(['set-vip', '9012345678', '2', '--reason', 'x'])).toMatchObject({ ok: true, call: { body: { level: 2 } } });
    expect(parseOpsArgs(['kyc-approve', '9012345678'])).toMatchObject({ ok: true, call: { path: '/api/ops/kyc/9012345678/approve' } });
    expect(parseOpsArgs(['outbox', '--to', '9012345678', '--limit', '5'])).toMatchObject({
      ok: true,
      call: { method: 'GET', path: '/api/ops/outbox?to=9012345678&limit=5' },
    });
    expect(parseOpsArgs(['audit'])).toMatchObject({ ok: true, call: { path: '/api/ops/audit' } });
  });

  it.each([
    [['freeze', '9012345678'], /--reason is required/],
    [['freeze', '12'], /ten-digit account/],
    [['lift', 'happy', '9012345678', '--reason', 'x'], /restriction must be one of/],
    [['set-role', '9012345678', 'king', '--reason', 'x'], /role must be/],
    [['set-role', '9012345678', 'agent', '--reason', 'x'], /needs --rebate/],
    [['set-vip', '9012345678', '11', '--reason', 'x'], /level must be 0–10/],
    [['invite', '--count', '0'], /--count/],
    [['invite', '--colour', 'red'], /unknown option/],
    [['users', '--q'], /needs a value/],
    [['explode'], /unknown command/],
  ])('refuses %p', expectArgsRefused);
});

describe('runOps against the server', () => {
  const TOKEN = 'operator-token-for-cli-tests-0123456789';
  const t = useIdentityTestApp({ operatorToken: TOKEN });

  const run = (argv: string[], token: string | null = TOKEN) => runOpsAgainst(t.app, argv, token);

  it('freezes, lists, audits; prints refusals in English with exit code 1; usage errors exit 2', async () => {
    const user = await createUser(t.db);
    const frozen = await run(['freeze', user.account, '--reason', 'fraud report']);
    expect(frozen).toEqual({ code: EXIT_OK, out: `${user.account}: frozen set.`, err: '' });
    expect((await run(['users'])).out).toContain(`${user.account}  role=member  vip=0  kyc=unverified  restrictions=frozen`);
    expect((await run(['unfreeze', user.account, '--reason', 'ok'])).out).toBe(`${user.account}: frozen lifted; the next login needs a one-time code.`);
    const audit = await run(['audit', '--account', user.account]);
    expect(audit.out).toMatch(/ops {2}restriction\.lift .*reason: ok/);
    const refused = await run(['kyc-approve', user.account]);
    expect(refused).toEqual({ code: EXIT_FAILED, out: '', err: 'Refused: No identity verification is waiting for review' });
    expect((await run(['freeze'])).code).toBe(EXIT_USAGE);
    expect((await run(['users'], 'bad-credential-bad-credential')).err).toBe('The server refused the operator credential.');
    expect((await run(['users'], null)).code).toBe(EXIT_FAILED);
    const invite = await run(['invite', '--count', '2']);
    expect(invite.out).toMatch(/^Issued 2 invitation code\(s\):\n[A-Z2-9]{8}\n[A-Z2-9]{8}$/);
  });
});
