import { readFileSync } from 'node:fs';
import { useIdentityTestApp } from '../modules/identity/testing/identity-test-kit';
import { parseOpsArgs, USAGE } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './run';
import { expectArgsRefused, runOpsAgainst } from './testing/in-process-ops';

describe('operator commands', () => {
  it('map to the operator-management API', () => {
    expect(parseOpsArgs(['operators'])).toEqual({ ok: true, call: { command: 'operators', method: 'GET', path: '/api/ops/operators' } });
    expect(parseOpsArgs(['operator-add', 'alice', '--role', 'Approver', '--reason', 'second approver'])).toEqual({
      ok: true,
      call: { command: 'operator-add', method: 'POST', path: '/api/ops/operators', body: { name: 'alice', role: 'approver', reason: 'second approver' } },
    });
    expect(parseOpsArgs(['operator-role', 'alice', 'admin', '--reason', 'runs the desk'])).toEqual({
      ok: true,
      call: { command: 'operator-role', method: 'POST', path: '/api/ops/operators/alice/role', body: { role: 'admin', reason: 'runs the desk' } },
    });
    expect(parseOpsArgs(['operator-proposals'])).toEqual({
      ok: true,
      call: { command: 'operator-proposals', method: 'GET', path: '/api/ops/operators/proposals?state=proposed' },
    });
    expect(parseOpsArgs(['operator-approve', '7'])).toEqual({
      ok: true,
      call: { command: 'operator-approve', method: 'POST', path: '/api/ops/operators/proposals/7/approve', body: {} },
    });
    expect(parseOpsArgs(['operator-reject', '7', '--reason', 'no'])).toEqual({
      ok: true,
      call: { command: 'operator-reject', method: 'POST', path: '/api/ops/operators/proposals/7/reject', body: { reason: 'no' } },
    });
    expect(parseOpsArgs(['operator-retire', 'Alice', '--reason=left'])).toEqual({
      ok: true,
      call: { command: 'operator-retire', method: 'POST', path: '/api/ops/operators/alice/retire', body: { reason: 'left' } },
    });
    expect(USAGE).toContain('operator-add <name> --role R --reason text');
  });

  it.each([
    [['operator-add'], /give an operator name/],
    [['operator-add', 'al', '--role', 'viewer', '--reason', 'x'], /3–32 characters/],
    [['operator-add', 'bad/name', '--role', 'viewer', '--reason', 'x'], /give an operator name/],
    [['operator-add', 'alice', '--reason', 'x'], /--role is required: one of viewer, reviewer, approver, admin/],
    [['operator-add', 'alice', '--role', 'root', '--reason', 'x'], /--role is required/],
    [['operator-add', 'alice', '--role', 'viewer'], /--reason is required/],
    [['operator-role', 'alice', '--reason', 'x'], /give the new role/],
    [['operator-approve', 'x'], /proposal's number/],
    [['operator-reject', '3'], /--reason is required/],
    [['operator-proposals', '--state', 'open'], /--state is proposed, approved or rejected/],
    [['operator-retire', 'alice'], /--reason is required/],
  ])('refuses %p', expectArgsRefused);

  describe('against the server', () => {
    const TOKEN = 'operator-token-for-operator-cli-tests-0123';
    const t = useIdentityTestApp({ operatorToken: TOKEN });

    const run = (argv: string[], token: string = TOKEN) => runOpsAgainst(t.app, argv, token);

    it('alone, adds the second operator at once with the credential on the host; then adds are proposals approved by another admin; retires', async () => {
      const first = await run(['operator-add', 'alice', '--role', 'admin', '--reason', 'second admin']);
      expect(first.code).toBe(EXIT_OK);
      expect(first.out).toMatch(/^Operator alice added as admin \(you were the only active operator/);
      const file = /it is in (\S+) on the server host/.exec(first.out)?.[1] ?? '';
      const alice = readFileSync(file, 'utf8').trim();
      expect(first.out).not.toContain(alice);

      const proposed = await run(['operator-add', 'bob', '--role', 'approver', '--reason', 'second approver for adjustments'], alice);
      expect(proposed.code).toBe(EXIT_OK);
      const lines = proposed.out.split('\n');
      expect(lines[0]).toMatch(
        /^Operator bob proposed as approver \(proposal #(\d+)\); the credential works once another admin approves: npm run ops -- operator-approve \1$/,
      );
      const id = /#(\d+)/.exec(lines[0] ?? '')?.[1] ?? '';
      expect(lines[1]).toMatch(/shown only now/);
      const bob = lines[2] ?? '';
      expect(bob).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(lines[3]).toMatch(/KABUTO_OPERATOR_TOKEN/);
      expect(await run(['operators'], bob)).toEqual({ code: EXIT_FAILED, out: '', err: 'The server refused the operator credential.' });
      expect((await run(['operator-proposals'])).out).toMatch(
        new RegExp(`^#${id} {2}add bob as approver {2}by alice \\S+ {2}reason: second approver for adjustments {2}proposed$`, 'm'),
      );

      expect(await run(['operator-approve', id], alice)).toEqual({
        code: EXIT_FAILED,
        out: '',
        err: 'Refused: You do not have permission. Please contact an administrator',
      });
      expect(await run(['operator-approve', id, '--reason', 'met bob'])).toEqual({
        code: EXIT_OK,
        out: `Proposal #${id} (add bob as approver): approved.`,
        err: '',
      });

      const listed = await run(['operators'], bob);
      expect(listed.code).toBe(EXIT_OK);
      expect(listed.out).toMatch(/^ops {2}admin {2}active {2}root ops {2}added \S+ by \(bootstrap\)$/m);
      expect(listed.out).toMatch(/^alice {2}admin {2}active {2}root alice {2}added \S+ by ops$/m);
      expect(listed.out).toMatch(/^bob {2}approver {2}active {2}root alice {2}added \S+ by alice, approved by ops$/m);
      expect(listed.out).not.toContain(bob);
      // An approver manages no operators.
      expect((await run(['operator-add', 'carol', '--role', 'viewer', '--reason', 'x'], bob)).err).toBe(
        'Refused: You do not have permission. Please contact an administrator',
      );

      expect(await run(['operator-add', 'bob', '--role', 'viewer', '--reason', 'again'])).toEqual({
        code: EXIT_FAILED,
        out: '',
        err: 'Refused: Account already exists',
      });
      expect((await run(['operator-retire', 'ops', '--reason', 'self'])).err).toBe('Refused: You do not have permission. Please contact an administrator');
      expect((await run(['operator-retire', 'bob'])).code).toBe(EXIT_USAGE);

      expect(await run(['operator-retire', 'bob', '--reason', 'left the desk'])).toEqual({
        code: EXIT_OK,
        out: 'Operator bob retired; their credential no longer works.',
        err: '',
      });
      expect((await run(['operators'])).out).toMatch(/^bob {2}approver {2}retired \S+ by ops {2}root alice/m);
      expect(await run(['operators'], bob)).toEqual({ code: EXIT_FAILED, out: '', err: 'The server refused the operator credential.' });
      expect((await run(['audit'])).out).toMatch(/ops {2}operator\.retire .*reason: left the desk {2}\{"operator":"bob"\}/);
      expect((await run(['audit'])).out).toMatch(/bob {2}ops\.refused .*"call":"POST \/api\/ops\/operators"/);
    });
  });
});
