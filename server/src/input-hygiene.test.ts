// Input hygiene, as the attacker sends it: NUL and other control characters in any form field,
// numbers written as '0x10', '+5', '5.' or 'true', and malformed URLs under /api are all
// refused with the bad-input message before a handler runs, and nothing is logged as an error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { buildApp } from './app';
import { fixedClock } from './clock';
import { openMigratedDatabase, type OpenedDatabase } from './db/client';
import { seedDatabase } from './modules/common/seed';
import { createSession } from './modules/identity';
import { createUser } from './modules/identity/testing/identity-test-kit';

let app: FastifyInstance;
let database: OpenedDatabase;
let dataDir: string;
let session: Record<string, string>;
const logLines: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  database = await openMigratedDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-hygiene-'));
  const clock = fixedClock(new Date('2025-01-06T01:00:00Z'));
  app = await buildApp({
    db: database,
    clock,
    dataDir,
    releasesDir: join(dataDir, 'releases'),
    shellDir: join(dataDir, 'no-shell'),
    secret: 'hygiene-test-secret-long-enough',
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) } },
    logSampleRate: 0,
  });
  await app.ready();
  const user = await createUser(database.db);
  const opened = await createSession(database.db, clock, { userId: user.id, userAgent: 'jest', deviceId: null });
  session = { token: opened.token, account: user.account };
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function form(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

const REFUSED = { status: 0, msg: MSG.invalidParams, data: null };
/** pino levels: 50 error, 60 fatal. */
const errorsLogged = () => logLines.filter((line) => line.level >= 50);

describe('control characters', () => {
  const kyc = {
    realName: '山田 太郎',
    nameKana: 'ヤマダ タロウ',
    idNumber: 'AB1234567',
    docType: 'passport',
    frontKey: 'imgs/AAAAAAAAAAAAAA1.png',
    backKey: 'imgs/AAAAAAAAAAAAAA2.png',
  };
  it.each([
    ['market/news code (no login needed)', '/api/vue/market/news', { code: '7203\u0000' }, false],
    ['market/search q', '/api/vue/market/search', { q: 'toy\u0000ota' }, false],
    ['user/passkeyRename name', '/api/vue/user/passkeyRename', { id: 'abc', name: 'phone\u0000' }, true],
    ['user/realNameSubmit realName', '/api/vue/user/realNameSubmit', { ...kyc, realName: '山田\u0000太郎' }, true],
    ['a control character other than NUL', '/api/vue/market/search', { q: 'toy\u001bota' }, false],
    ['a line break where none is documented', '/api/vue/user/realNameSubmit', { ...kyc, realName: '山田\n太郎' }, true],
    ['a C1 control', '/api/vue/market/search', { q: 'toy\u0085ota' }, false],
  ])('refuses %s with the bad-input message and logs no error', async (_name, url, fields, withSession) => {
    const before = errorsLogged().length;
    const res = await form(url, fields, withSession ? session : {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REFUSED);
    expect(errorsLogged().length).toBe(before);
  });

  it('refuses NUL in the query string and in a JSON body too', async () => {
    const query = await app.inject({ method: 'GET', url: '/api/common/upload?purpose=kyc-front&key=imgs%2FAAAAAAAAAAAAAA1.png%00', headers: session });
    expect(query.json()).toEqual(REFUSED);
    const json = await app.inject({ method: 'POST', url: '/api/vue/market/search', payload: { q: ['a', { deep: 'b\u0000' }] } });
    expect(json.json()).toEqual(REFUSED);
  });

  it('still answers clean text (the check refuses only what it should)', async () => {
    const res = await form('/api/vue/market/search', { q: 'トヨタ 7203' });
    expect(res.json()).toMatchObject({ status: 1 });
  });
});

describe('number fields', () => {
  it.each(['0x10', '+5', '5.', 'true', '1e1', ' 5', '5 ', '５'])('refuses %p as a number', async (text) => {
    const res = await form('/api/vue/market/news', { limit: text });
    expect(res.json()).toEqual(REFUSED);
  });

  it('accepts plain decimal digits, and an empty optional field as not given', async () => {
    expect((await form('/api/vue/market/news', { limit: '10' })).json()).toMatchObject({ status: 1 });
    expect((await form('/api/vue/market/news', { limit: '' })).json()).toMatchObject({ status: 1 });
  });

  it("keeps a field's own refusal message (an unknown news id stays 'news not found')", async () => {
    expect((await form('/api/vue/market/newsDetail', { id: '0x10' })).json()).toEqual({ status: 0, msg: MSG.newsNotFound, data: null });
  });
});

describe('malformed URLs', () => {
  it('answers the envelope under /api and plain JSON elsewhere', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/vue/market/%E0%A4%A' });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual(REFUSED);
    const other = await app.inject({ method: 'GET', url: '/uploads/imgs/%E0%A4%A' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'BadRequest' });
    expect(errorsLogged()).toEqual([]);
  });
});

describe("ids out of their column's range", () => {
  // Every id column the customer names here is a PostgreSQL integer (serial): a number past
  // 2^31-1 would reach the query and come back as an SQL error ("system busy", logged).
  const OUT_OF_RANGE = ['2147483648', '9999999999999999999', '-1', '0', '1.5', '1e3'];
  const routes: Array<[string, string, Record<string, string>, string]> = [
    ['trade/detail', 'id', {}, MSG.orderNotFound],
    ['trade/cancel', 'id', {}, MSG.orderNotFound],
    ['trade/close', 'id', { orderType: 'market' }, MSG.orderNotFound],
    ['trade/cancelClose', 'id', {}, MSG.orderNotFound],
    ['trade/conditional/cancel', 'id', {}, MSG.orderNotFound],
    ['ipo/pay', 'id', { fundPassword: '123456' }, MSG.ipoSubscriptionNotFound],
    ['ipo/waive', 'id', {}, MSG.ipoSubscriptionNotFound],
    ['alerts/update', 'id', { kind: 'above', price: '100' }, MSG.priceAlertNotFound],
    ['alerts/delete', 'id', {}, MSG.priceAlertNotFound],
    ['block/buy', 'offerId', { shares: '100', fundPassword: '123456' }, MSG.productNotFound],
    ['user/messageDetail', 'id', {}, MSG.messageNotFound],
    ['market/newsDetail', 'id', {}, MSG.newsNotFound],
  ];
  const cases = routes.flatMap(([route, field, rest, msg]) => OUT_OF_RANGE.map((id) => [route, id, field, rest, msg] as const));

  it.each(cases)('%s refuses id %p with its not-found message and logs no error', async (route, id, field, rest, msg) => {
    const before = errorsLogged().length;
    const res = await form(`/api/vue/${route}`, { ...rest, [field]: id, idempotencyKey: `id-range-${route}-${id}` }, session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg, data: null });
    expect(errorsLogged().length).toBe(before);
  });

  it('still looks up the largest id a column holds (answered as not found, no error)', async () => {
    const before = errorsLogged().length;
    const res = await form('/api/vue/trade/detail', { id: '2147483647' }, session);
    expect(res.json()).toEqual({ status: 0, msg: MSG.orderNotFound, data: null });
    expect(errorsLogged().length).toBe(before);
  });
});

describe('number formats the docs refuse', () => {
  const order = { code: '7203', side: 'buy', product: 'cash', orderType: 'limit', price: '2200', lots: '1', fundPassword: '123456' };
  it.each([
    ['trade/place price', 'trade/place', { ...order, price: '2.2e3' }, MSG.priceAboveZero],
    ['trade/estimate price', 'trade/estimate', { ...order, price: '2.2e3' }, MSG.priceAboveZero],
    ['trade/place lots', 'trade/place', { ...order, lots: ' 1' }, MSG.lotsRequired],
    ['trade/estimate lots', 'trade/estimate', { ...order, lots: ' 1' }, MSG.lotsRequired],
    ['alerts/create price 1e3', 'alerts/create', { code: '7203', kind: 'above', price: '1e3' }, MSG.priceAboveZero],
    ['alerts/create price +3000', 'alerts/create', { code: '7203', kind: 'above', price: '+3000' }, MSG.priceAboveZero],
    ['alerts/create price 3000.', 'alerts/create', { code: '7203', kind: 'above', price: '3000.' }, MSG.priceAboveZero],
    ['alerts/create price .5', 'alerts/create', { code: '7203', kind: 'below', price: '.5' }, MSG.priceAboveZero],
    ['alerts/update price 1e3', 'alerts/update', { id: '1', kind: 'above', price: '1e3' }, MSG.priceAboveZero],
  ])('refuses %s', async (_name, route, fields, msg) => {
    const before = errorsLogged().length;
    const res = await form(`/api/vue/${route}`, { ...fields, idempotencyKey: `numbers-${route.replace('/', '-')}` }, session);
    expect(res.json()).toEqual({ status: 0, msg, data: null });
    expect(errorsLogged().length).toBe(before);
  });
});
