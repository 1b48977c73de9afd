// Operator credentials are remembered for the app's session cache time (one database read per
// ops call otherwise), and a retirement through the ops API is honoured on the very next call.
import { eq } from 'drizzle-orm';
import { sha256Hex } from '../../crypto/tokens';
import { body, opsPost, useIdentityTestApp } from '../identity/testing/identity-test-kit';
import { operators } from './schema';

const OPS_TOKEN = 'operator-token-for-operator-cache-0123456789';
const t = useIdentityTestApp({ sessionCacheMs: 60_000, operatorToken: OPS_TOKEN });

async function addOperator(name: string): Promise<string> {
  const credential = `credential-of-${name}-0123456789abcdef`;
  await t.db.insert(operators).values({ name, credentialHash: sha256Hex(credential), createdAt: t.clock.now(), role: 'admin' });
  return credential;
}

const listOperators = (credential: string) => t.app.inject({ method: 'GET', url: '/api/ops/operators', headers: { authorization: `Bearer ${credential}` } });

it('remembers a checked credential (a change made behind its back is not seen until it is forgotten)', async () => {
  const credential = await addOperator('aiko');
  expect((await listOperators(credential)).statusCode).toBe(200);
  await t.db.update(operators).set({ retiredAt: t.clock.now(), retiredBy: 'test' }).where(eq(operators.name, 'aiko'));
  expect((await listOperators(credential)).statusCode).toBe(200);
});

it('honours a retirement through the ops API at once', async () => {
  const credential = await addOperator('benji');
  expect((await listOperators(credential)).statusCode).toBe(200);
  expect(body(await opsPost(t.app, OPS_TOKEN, '/operators/benji/retire', { reason: 'left the team' })).status).toBe(1);
  expect((await listOperators(credential)).statusCode).toBe(401);
});
