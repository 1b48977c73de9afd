import { useIdentityTestApp } from '../modules/identity/testing/identity-test-kit';
import { parseOpsArgs, USAGE } from './args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './run';
import { expectArgsRefused, runOpsAgainst } from './testing/in-process-ops';

describe('operator commands', () => {
  it('map to the operator-management API', () => {
    expect(parseOpsArgs(['operators'])).toEqual({ ok: true, call: { command: 'operators', method: 'GET', path: '/api/ops/operators' } });
    expect(parseOpsArgs(['operator-add', 'alice', '--reason', 'second approver'])).toEqual({
      ok: true,
      call: { command: 'operator-add', method: 'POST', path: '/api/ops/operators', body: { name: 'alice', reason: 'second approver' } },
    });
    expect(parseOpsArgs(['operator-retire', 'Alice', '--reason=left'])).toEqual({
      ok: true,
      call: { command: 'operator-retire', method: 'POST', path: '/api/ops/operators/alice/retire', body: { reason: 'left' } },
    });
    expect(USAGE).toContain('operator-add <name> --reason text');
  });

  it.each([
    [['operator-add'], /give an operator name/],
    [['operator-add', 'al', '--reason', 'x'], /3–32 characters/],
    [['operator-add', 'bad/name', '--reason', 'x'], /give an operator name/],
    [['operator-add', 'alice'], /--reason is required/],
    [['operator-retire', 'alice'], /--reason is required/],
  ])('refuses %p', expectArgsRefused);

  describe('against the server', () => {
    const TOKEN = 'operator-token-for-operator-cli-tests-0123';
    const t = useIdentityTestApp({ operatorToken: TOKEN });

    const run = (argv: string[], token: string = TOKEN) => runOpsAgainst(t.app, argv, token);

    it('adds an operator and prints the credential once; lists; retires; the retired credential is refused', async () => {
      const added = await run(['operator-add', 'alice', '--reason', 'second approver for adjustments']);
      expect(added.code).toBe(EXIT_OK);
      const lines = added.out.split('\n');
      expect(lines[0]).toBe('Operator alice added.');
      expect(lines[1]).toMatch(/shown only now/);
      const credential = lines[2] ?? '';
      expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(lines[3]).toMatch(/KABUTO_OPERATOR_TOKEN/);

      const listed = await run(['operators'], credential);
      expect(listed.code).toBe(EXIT_OK);
      expect(listed.out).toContain('ops  active  added');
      expect(listed.out).toContain('by (bootstrap)');
      expect(listed.out).toMatch(/^alice {2}active {2}added \S+ by ops$/m);
      expect(listed.out).not.toContain(credential);

      expect(await run(['operator-add', 'alice', '--reason', 'again'])).toEqual({ code: EXIT_FAILED, out: '', err: 'Refused: Account already exists' });
      expect((await run(['operator-retire', 'ops', '--reason', 'self'])).err).toBe('Refused: You do not have permission. Please contact an administrator');
      expect((await run(['operator-retire', 'alice'])).code).toBe(EXIT_USAGE);

      expect(await run(['operator-retire', 'alice', '--reason', 'left the desk'])).toEqual({
        code: EXIT_OK,
        out: 'Operator alice retired; their credential no longer works.',
        err: '',
      });
      expect((await run(['operators'])).out).toMatch(/^alice {2}retired \S+ by ops {2}added/m);
      expect(await run(['operators'], credential)).toEqual({ code: EXIT_FAILED, out: '', err: 'The server refused the operator credential.' });
      expect((await run(['audit'])).out).toMatch(/ops {2}operator\.retire .*reason: left the desk {2}\{"operator":"alice"\}/);
    });
  });
});
