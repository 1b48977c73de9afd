// Sign-in limits, as the attacker tries them: limits keyed by who is proven. A stranger's wrong
// passwords pause password sign-in but never the owner's passkey; the account is normalised
// before it becomes a key; one address cannot try one password on many accounts.
import { MSG } from '@kabuto/shared-sdk/messages';
import { SoftAuthenticator } from '../../crypto/testing/soft-authenticator';
import { createUser, freshAccount, login, loginFrom as kitLoginFrom, PASSWORD, post, body, useIdentityTestApp } from './testing/identity-test-kit';

const t = useIdentityTestApp();

/** A login attempt from a given client address. */
const loginFrom = (address: string, account: string, password: string) => kitLoginFrom(t.app, address, account, password);

const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

it('lets the owner sign in with their passkey while a stranger keeps password sign-in paused', async () => {
  const user = await createUser(t.db);
  const key = new SoftAuthenticator();
  const first = await login(t.app, user.account);
  const options = body(await post(t.app, 'passkeyRegisterOptions', {}, first)).data.options;
  expect(body(await post(t.app, 'passkeyRegister', { credential: key.register(options) }, first)).status).toBe(1);

  // The stranger, from another address, guesses until password sign-in is paused and beyond.
  for (let i = 0; i < 7; i += 1) expect(body(await loginFrom('198.51.100.9', user.account, 'guess1234')).msg).toBe(MSG.wrongAccountOrPassword);

  // The owner: password step, then the passkey, as the app always does it.
  const step = body(await loginFrom('192.0.2.10', user.account, PASSWORD));
  expect(step).toMatchObject({ status: 1, data: { step: 'passkey' } });
  const done = body(await post(t.app, 'loginPasskey', { loginTicket: step.data.loginTicket, credential: key.assert(step.data.options) }));
  expect(done).toMatchObject({ status: 1, msg: MSG.loginSuccess, data: { step: 'done', account: user.account } });
  // Success clears the count: the stranger starts from zero again.
  expect(body(await loginFrom('198.51.100.9', user.account, 'guess1234')).msg).toBe(MSG.wrongAccountOrPassword);
});

it('still pauses a password-only account for everyone, the owner included (no passkey to fall back on)', async () => {
  const user = await createUser(t.db);
  for (let i = 0; i < 5; i += 1) await loginFrom('198.51.100.20', user.account, 'guess1234');
  expect(body(await loginFrom('192.0.2.20', user.account, PASSWORD)).msg).toBe(MSG.accountLocked);
});

it('counts full-width digits, spaces and +81 in the account against the same allowance', async () => {
  const user = await createUser(t.db);
  const address = '198.51.100.30';
  const spellings = [fullWidth(user.account), `0${user.account.slice(0, 2)} ${user.account.slice(2, 6)} ${user.account.slice(6)}`, `+81${user.account}`];
  // 20 attempts per address and account in 5 minutes, whichever way the number is written.
  for (let i = 0; i < 20; i += 1) {
    const res = await loginFrom(address, spellings[i % spellings.length]!, 'guess1234');
    expect(body(res).status).toBe(0);
    expect(body(res).msg).not.toBe(MSG.tooFrequent);
  }
  expect(body(await loginFrom(address, user.account, 'guess1234')).msg).toBe(MSG.tooFrequent);
  expect(body(await loginFrom(address, fullWidth(user.account), 'guess1234')).msg).toBe(MSG.tooFrequent);
});

it('caps failed passwords per address across accounts; successes do not count, other addresses are untouched', async () => {
  const address = '198.51.100.40';
  const answers: string[] = [];
  for (let i = 0; i < 45; i += 1) answers.push(body(await loginFrom(address, freshAccount(), 'guess1234')).msg);
  // Customers of an office behind the same address keep signing in.
  const colleagues = [await createUser(t.db), await createUser(t.db)];
  for (let i = 0; i < 10; i += 1) expect(body(await loginFrom(address, colleagues[i % 2]!.account, PASSWORD)).status).toBe(1);
  for (let i = 0; i < 6; i += 1) answers.push(body(await loginFrom(address, freshAccount(), 'guess1234')).msg);
  expect(answers.slice(0, 50).every((msg) => msg === MSG.wrongAccountOrPassword)).toBe(true);
  expect(answers[50]).toBe(MSG.tooFrequent);
  // A customer elsewhere is unaffected.
  expect(body(await loginFrom('192.0.2.40', colleagues[0]!.account, PASSWORD)).status).toBe(1);
}, 90_000);
