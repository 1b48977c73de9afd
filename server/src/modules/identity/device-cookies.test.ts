// Device cookies, as the attacker tries it: strangers' wrong passwords pause the account for
// unknown devices only; the owner's browser, which signed in before, still signs in with the
// right password; a known device's own failures pause only that device; a forged, expired or
// other account's token is an unknown device.
import { MSG } from '@kabuto/shared-sdk/messages';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceCookieKey, signDeviceToken, verifyDeviceToken } from './device-cookies';
import { body, createUser, loginFrom as kitLoginFrom, PASSWORD, useIdentityTestApp } from './testing/identity-test-kit';

const OPS_TOKEN = 'operator-token-for-device-cookie-tests-0123';
const t = useIdentityTestApp({ operatorToken: OPS_TOKEN });

let nextAddress = 1;
/** A stranger: a client address nobody used yet, no cookie. */
const stranger = () => `198.51.100.${nextAddress++}`;

const loginFrom = (address: string, account: string, password: string, cookie?: string) => kitLoginFrom(t.app, address, account, password, cookie);

/** Signs in with the right password from a fresh browser and returns its device token. */
async function knownDevice(account: string): Promise<string> {
  const res = await loginFrom('192.0.2.1', account, PASSWORD);
  expect(body(res)).toMatchObject({ status: 1, msg: MSG.loginSuccess });
  const setCookie = String(res.headers['set-cookie']);
  const token = new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  if (!token) throw new Error(`no device cookie in ${setCookie}`);
  return token;
}

async function pauseByStrangers(account: string): Promise<void> {
  const answers: string[] = [];
  for (let i = 0; i < 5; i += 1) answers.push(body(await loginFrom(stranger(), account, 'guess1234')).msg);
  expect(answers).toEqual([...Array(4).fill(MSG.wrongAccountOrPassword), MSG.accountLocked]);
}

it('is HttpOnly, SameSite=Strict, sent only to the sign-in calls, signed for the account, and not Secure over plain http', async () => {
  const user = await createUser(t.db);
  const res = await loginFrom('192.0.2.1', user.account, PASSWORD);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=v1\\.${user.id}\\.[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}; `));
  expect(setCookie).toContain('; Path=/api/vue/user/');
  expect(setCookie).toContain(`; Max-Age=${DEVICE_COOKIE_DAYS * 86400}`);
  expect(setCookie).toContain('; HttpOnly');
  expect(setCookie).toContain('; SameSite=Strict');
  expect(setCookie).not.toContain('Secure');
  // A failed sign-in sets no cookie.
  expect(body(await loginFrom('192.0.2.1', user.account, 'guess1234')).status).toBe(0);
  expect((await loginFrom('192.0.2.1', user.account, 'guess1234')).headers['set-cookie']).toBeUndefined();
});

it('five wrong passwords from five strangers pause the account for unknown devices, yet the owner’s known device signs in', async () => {
  const user = await createUser(t.db);
  const device = await knownDevice(user.account);
  await pauseByStrangers(user.account);
  // An unknown browser with the right password is paused, as before.
  expect(body(await loginFrom(stranger(), user.account, PASSWORD)).msg).toBe(MSG.accountLocked);
  // The owner's browser is not.
  const owner = await loginFrom('192.0.2.1', user.account, PASSWORD, device);
  expect(body(owner)).toMatchObject({ status: 1, msg: MSG.loginSuccess, data: { step: 'done', account: user.account } });
  // It keeps its nonce with a fresh expiry.
  expect(String(owner.headers['set-cookie'])).toContain(`${DEVICE_COOKIE}=v1.${user.id}.${device.split('.')[2]}.`);
  // The owner's success on their own device does not lift the strangers' pause for unknown devices.
  expect(body(await loginFrom(stranger(), user.account, PASSWORD)).msg).toBe(MSG.accountLocked);
  // Strangers keep failing; the owner keeps signing in.
  for (let i = 0; i < 3; i += 1) expect(body(await loginFrom(stranger(), user.account, 'guess1234')).msg).toBe(MSG.accountLocked);
  expect(body(await loginFrom('192.0.2.1', user.account, PASSWORD, device)).status).toBe(1);
});

it('a known device’s wrong passwords pause only that device: the account and the owner’s other devices sign in', async () => {
  const user = await createUser(t.db);
  const laptop = await knownDevice(user.account);
  const phone = await knownDevice(user.account);
  const answers: string[] = [];
  for (let i = 0; i < 5; i += 1) answers.push(body(await loginFrom('192.0.2.2', user.account, 'guess1234', laptop)).msg);
  expect(answers).toEqual([...Array(4).fill(MSG.wrongAccountOrPassword), MSG.accountLocked]);
  // The laptop is paused, even with the right password.
  expect(body(await loginFrom('192.0.2.2', user.account, PASSWORD, laptop)).msg).toBe(MSG.accountLocked);
  // The phone and an unknown browser are not: the account's count was not touched.
  expect(body(await loginFrom('192.0.2.3', user.account, PASSWORD, phone)).status).toBe(1);
  expect(body(await loginFrom(stranger(), user.account, PASSWORD)).status).toBe(1);
  // The device's pause ends like the account's: 30 s after the 5th failure.
  t.clock.advance(31_000);
  expect(body(await loginFrom('192.0.2.2', user.account, PASSWORD, laptop)).status).toBe(1);
  // Its success cleared its count: 4 more wrong passwords do not pause it.
  for (let i = 0; i < 4; i += 1) expect(body(await loginFrom('192.0.2.2', user.account, 'guess1234', laptop)).msg).toBe(MSG.wrongAccountOrPassword);
});

describe('a token that is not this account’s valid device token is an unknown device', () => {
  it('forged (changed nonce, changed mac, wrong key, garbage): paused with the account, and its failures count on the account', async () => {
    const user = await createUser(t.db);
    const device = await knownDevice(user.account);
    const [v, id, nonce, expires, mac] = device.split('.') as [string, string, string, string, string];
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${v}.${id}.${otherNonce}.${expires}.${mac}`,
      `${v}.${id}.${nonce}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      signDeviceToken(deviceCookieKey('not-the-server-secret'), user.id, nonce, new Date(Date.parse('2030-01-01'))),
      `${v}.${id}.${nonce}.${Number(expires) + 86400}.${mac}`,
      'v1.1.x.1.y',
      '',
    ];
    // A forged token's wrong passwords pause the account (it counts as a stranger).
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(body(await loginFrom(stranger(), user.account, 'guess1234', forged[i % forged.length])).msg);
    expect(answers[4]).toBe(MSG.accountLocked);
    for (const token of forged) expect(body(await loginFrom(stranger(), user.account, PASSWORD, token)).msg).toBe(MSG.accountLocked);
    expect(body(await loginFrom('192.0.2.1', user.account, PASSWORD, device)).status).toBe(1);
  });

  it('expired: once DEVICE_COOKIE_DAYS have passed since its last sign-in', async () => {
    const user = await createUser(t.db);
    const device = await knownDevice(user.account);
    t.clock.advance(DEVICE_COOKIE_DAYS * 86_400_000 + 1000);
    await pauseByStrangers(user.account);
    expect(body(await loginFrom('192.0.2.1', user.account, PASSWORD, device)).msg).toBe(MSG.accountLocked);
  });

  it('another account’s: a browser known to one account is a stranger to another', async () => {
    const owner = await createUser(t.db);
    const neighbour = await createUser(t.db);
    const neighboursDevice = await knownDevice(neighbour.account);
    await pauseByStrangers(owner.account);
    expect(body(await loginFrom('192.0.2.1', owner.account, PASSWORD, neighboursDevice)).msg).toBe(MSG.accountLocked);
  });

  it('verifies only its own format (unit)', () => {
    const key = deviceCookieKey('unit-secret-long-enough');
    const now = new Date('2025-01-06T00:00:00Z');
    const expires = new Date(now.getTime() + 1000);
    const token = signDeviceToken(key, 7, 'AAAAAAAAAAAAAAAAAAAAAA', expires);
    expect(verifyDeviceToken(key, token, 7, now)).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(verifyDeviceToken(key, token, 8, now)).toBeNull();
    expect(verifyDeviceToken(key, token, 7, expires)).toBeNull();
    expect(verifyDeviceToken(deviceCookieKey('another-secret-long-enough'), token, 7, now)).toBeNull();
    expect(verifyDeviceToken(key, `${token}.x`, 7, now)).toBeNull();
    expect(verifyDeviceToken(key, undefined, 7, now)).toBeNull();
  });
});

it('an operator’s unlock also lifts device pauses', async () => {
  const user = await createUser(t.db);
  const device = await knownDevice(user.account);
  for (let i = 0; i < 5; i += 1) await loginFrom('192.0.2.4', user.account, 'guess1234', device);
  expect(body(await loginFrom('192.0.2.4', user.account, PASSWORD, device)).msg).toBe(MSG.accountLocked);
  const unlocked = await t.app.inject({
    method: 'POST',
    url: `/api/ops/users/${user.account}/unlock`,
    headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'owner called' }),
  });
  expect(body(unlocked).status).toBe(1);
  expect(body(await loginFrom('192.0.2.4', user.account, PASSWORD, device)).status).toBe(1);
});
