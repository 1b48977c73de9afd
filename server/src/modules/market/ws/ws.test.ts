// A real WebSocket on 127.0.0.1 against the built app.
import WebSocket from 'ws';
import { MSG } from '@kabuto/shared-sdk/messages';
import { insertUpload } from '../../common/testing/uploads';
import { ensureBootstrapOperator } from '../../ops';
import { createUser, login } from '../../identity/testing/identity-test-kit';
import { startMarketTestApp, type MarketTestContext } from '../testing/market-test-kit';

const OPERATOR_TOKEN = 'operator-token-for-ws-tests-0123456789';

let t: MarketTestContext;
let url: string;
const logLines: Array<{ level: number; msg?: string }> = [];
beforeAll(async () => {
  t = await startMarketTestApp(undefined, {
    logger: { level: 'info', stream: { write: (line) => void logLines.push(JSON.parse(line) as { level: number }) } },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  await ensureBootstrapOperator(t.db, t.clock, t.dataDir, OPERATOR_TOKEN);
});
afterAll(() => t.close());

type Frame = Record<string, any>;

interface Client {
  ws: WebSocket;
  frames: Frame[];
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  send(frame: Frame): void;
}

async function connect(): Promise<Client> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  // Frames not yet taken by next(), so a frame that arrives before next() is asked for is not lost.
  const unread: Frame[] = [];
  const waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    const waiter = waiters.find((w) => w.match(frame));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    } else {
      unread.push(frame);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (match, timeoutMs = 5000) => {
      const at = unread.findIndex(match);
      if (at !== -1) return Promise.resolve(unread.splice(at, 1)[0] as Frame);
      return new Promise<Frame>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (f: Frame) => {
            clearTimeout(timer);
            resolve(f);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('no matching frame in time'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}

const quoteOf = (code: string) => (f: Frame) => f.channel === 'quote' && f.code === code;

describe('/ws', () => {
  it('streams quotes and depth; a bad subscription on one socket does not disturb another; unsubscribe stops frames', async () => {
    const a = await connect();
    const b = await connect();
    try {
      a.send({ op: 'subscribe', channel: 'quote', codes: ['7203'], id: 'a1' });
      expect(await a.next((f) => f.op === 'subscribed')).toEqual({ op: 'subscribed', channel: 'quote', codes: ['7203'], id: 'a1' });
      const first = await a.next(quoteOf('7203'));
      expect(first.data).toMatchObject({ code: '7203', simulated: true, last: expect.any(Number) });
      expect(first.t).toBeGreaterThan(0);

      b.send({ op: 'subscribe', channel: 'depth', codes: ['7203', 'NOPE'] });
      expect(await b.next((f) => f.op === 'error')).toMatchObject({ code: 'unknown-code', msg: MSG.unknownStockCode, codes: ['NOPE'] });
      b.send({ op: 'subscribe', channel: 'depth', codes: Array.from({ length: 51 }, () => '7203').map((c, i) => (i === 0 ? c : `${1000 + i}`)) });
      expect(await b.next((f) => f.op === 'error')).toMatchObject({ code: 'too-many-codes', msg: MSG.tooManyStockCodes });
      b.ws.send('{{{');
      expect(await b.next((f) => f.code === 'bad-frame')).toMatchObject({ msg: MSG.wsBadFrame });
      expect(b.ws.readyState).toBe(WebSocket.OPEN);

      // The market moves: a keeps receiving.
      t.clock.advance(30_000);
      const moved = await a.next(quoteOf('7203'));
      expect(moved.data.at).toBeGreaterThan(first.data.at);

      b.send({ op: 'subscribe', channel: 'depth', codes: ['6758'] });
      const depth = await b.next((f) => f.channel === 'depth' && f.code === '6758');
      expect(depth.data.bids).toHaveLength(5);

      a.send({ op: 'unsubscribe', channel: 'quote', codes: ['7203'] });
      await a.next((f) => f.op === 'unsubscribed');
      const count = a.frames.length;
      t.clock.advance(30_000);
      await b.next((f) => f.channel === 'depth' && f.code === '6758');
      await new Promise((r) => setTimeout(r, 600));
      expect(a.frames.slice(count).filter((f) => f.channel === 'quote')).toEqual([]);
      a.send({ op: 'ping', id: 9 });
      expect(await a.next((f) => f.op === 'pong')).toMatchObject({ id: 9, t: expect.any(Number) });
    } finally {
      a.ws.terminate();
      b.ws.terminate();
    }
  });

  it('closes only the socket that sends an oversize frame', async () => {
    const big = await connect();
    const other = await connect();
    try {
      other.send({ op: 'subscribe', channel: 'quote', codes: ['6758'] });
      await other.next(quoteOf('6758'));
      const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
      big.ws.send('x'.repeat(10_000));
      expect(await closed).toBe(1009);
      t.clock.advance(30_000);
      await other.next(quoteOf('6758'));
    } finally {
      big.ws.terminate();
      other.ws.terminate();
    }
  });

  it('closes a peer that sends frames over the limit with 1009 and logs it once, below error level', async () => {
    const before = logLines.length;
    const peer = await connect();
    try {
      const closed = new Promise<number>((resolve) => peer.ws.once('close', (code) => resolve(code)));
      for (let i = 0; i < 5; i += 1) peer.ws.send('x'.repeat(5_000));
      expect(await closed).toBe(1009);
      // Let the server finish with the socket before counting its lines.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const lines = logLines.slice(before);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.filter((line) => /websocket/i.test(line.msg ?? '') && /payload|too big|policy/i.test(line.msg ?? ''))).toHaveLength(1);
    } finally {
      peer.ws.terminate();
    }
  });
});

describe('/ws index channel', () => {
  it('streams the simulated Nikkei 225 and refuses an unknown index code', async () => {
    const c = await connect();
    try {
      c.send({ op: 'subscribe', channel: 'index', codes: ['N225', 'TOPIX'], id: 'i' });
      expect(await c.next((f) => f.op === 'subscribed')).toEqual({ op: 'subscribed', channel: 'index', codes: ['N225', 'TOPIX'], id: 'i' });
      const n225 = await c.next((f) => f.channel === 'index' && f.code === 'N225');
      expect(n225.data).toMatchObject({ code: 'N225', simulated: true, method: 'price-weighted', value: expect.any(Number) });
      c.send({ op: 'subscribe', channel: 'index', codes: ['DJI'] });
      expect(await c.next((f) => f.op === 'error')).toMatchObject({ code: 'unknown-code', codes: ['DJI'] });
    } finally {
      c.ws.terminate();
    }
  });
});

describe('/ws per-user events', () => {
  const ops = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/ops${url}`, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

  it("the verification page learns of the operator's approval at once, with the new unread count", async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const front = await insertUpload(t.db, { owner: user.id, purpose: 'kyc-front', now: t.clock.now() });
    const back = await insertUpload(t.db, { owner: user.id, purpose: 'kyc-back', now: t.clock.now() });
    const page = await connect();
    try {
      page.send({ op: 'auth', token: session.token, account: session.account, id: 'me' });
      expect(await page.next((f) => f.op === 'authed')).toEqual({ op: 'authed', account: session.account, at: expect.any(String), id: 'me' });

      const submit = await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/realNameSubmit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', token: session.token, account: session.account },
        payload: new URLSearchParams({
          realName: '山田 太郎',
          nameKana: 'やまだ たろう',
          idNumber: 'AB1234567',
          docType: 'driving_licence',
          frontKey: front,
          backKey: back,
        }).toString(),
      });
      expect(submit.json()).toMatchObject({ status: 1 });
      expect(await page.next((f) => f.channel === 'user' && f.event === 'verification')).toMatchObject({
        data: { state: 'under_review' },
        t: expect.any(Number),
      });

      expect((await ops(`/kyc/${user.account}/approve`, {})).json()).toMatchObject({ status: 1 });
      expect(await page.next((f) => f.channel === 'user' && f.event === 'verification' && f.data.state === 'verified')).toBeTruthy();
      expect(await page.next((f) => f.channel === 'user' && f.event === 'message')).toMatchObject({ data: { kind: 'kyc_verified', unread: 1 } });

      // Another user's events never reach this socket.
      const other = await createUser(t.db);
      t.app.userEvents.publish(other.id, { event: 'balance', data: { reason: 'deposit' } });
      page.send({ op: 'deauth', id: 'bye' });
      expect(await page.next((f) => f.op === 'deauthed')).toEqual({ op: 'deauthed', id: 'bye' });
      t.app.userEvents.publish(user.id, { event: 'balance', data: { reason: 'deposit' } });
      page.send({ op: 'ping', id: 'p' });
      await page.next((f) => f.op === 'pong');
      expect(page.frames.filter((f) => f.event === 'balance')).toEqual([]);
    } finally {
      page.ws.terminate();
    }
  });

  it('a reconnect with the last event id gets what it missed, once and in order; an unknown id gets resync', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const balance = (n: number) => t.app.userEvents.publish(user.id, { event: 'balance', data: { reason: n % 2 ? 'deposit' : 'withdrawal' } });
    const first = await connect();
    first.send({ op: 'auth', token: session.token, account: session.account });
    await first.next((f) => f.op === 'authed');
    balance(1);
    const seen = await first.next((f) => f.channel === 'user');
    expect(seen.id).toEqual(expect.any(String));
    first.ws.terminate();
    // Missed while away: two of this user's, one of someone else's.
    balance(2);
    t.app.userEvents.publish(user.id + 1000, { event: 'balance', data: { reason: 'deposit' } });
    balance(3);
    const again = await connect();
    try {
      again.send({ op: 'auth', token: session.token, account: session.account, after: seen.id });
      await again.next((f) => f.op === 'authed');
      balance(4);
      await again.next(
        (f) => f.channel === 'user' && f.data.reason === 'withdrawal' && f.id !== undefined && again.frames.filter((g) => g.channel === 'user').length === 3,
      );
      const got = again.frames.filter((f) => f.channel === 'user');
      expect(got.map((f) => f.data.reason)).toEqual(['withdrawal', 'deposit', 'withdrawal']);
      expect(new Set(got.map((f) => f.id)).size).toBe(3);
      expect(got.map((f) => f.id)).not.toContain(seen.id);
      expect(again.frames.some((f) => f.op === 'resync')).toBe(false);

      // An id this server never gave (another run, a typo): resync, then live events as usual.
      again.send({ op: 'auth', token: session.token, account: session.account, after: 'feedbeef.12' });
      const authed = await again.next((f) => f.op === 'authed');
      expect(await again.next((f) => f.op === 'resync')).toEqual({ op: 'resync', at: authed.at });
      balance(5);
      expect(
        await again.next((f) => f.channel === 'user' && f.data.reason === 'deposit' && again.frames.filter((g) => g.channel === 'user').length === 4),
      ).toBeTruthy();
    } finally {
      again.ws.terminate();
    }
  });

  it('refuses a wrong or ended session with bad-auth and keeps serving market data', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.account);
    const c = await connect();
    try {
      c.send({ op: 'auth', token: 'x'.repeat(43), account: session.account });
      expect(await c.next((f) => f.op === 'error')).toMatchObject({ code: 'bad-auth', msg: MSG.loginRequired });
      await t.app.inject({ method: 'POST', url: '/api/vue/user/logout', headers: { token: session.token, account: session.account }, payload: '' });
      c.send({ op: 'auth', token: session.token, account: session.account });
      expect(await c.next((f) => f.op === 'error')).toMatchObject({ code: 'bad-auth', msg: MSG.sessionExpired });
      c.send({ op: 'subscribe', channel: 'quote', codes: ['7203'] });
      expect(await c.next(quoteOf('7203'))).toMatchObject({ code: '7203' });
    } finally {
      c.ws.terminate();
    }
  });
});
