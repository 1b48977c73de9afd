// The operator's journey as E's e2e walks it, through the ops CLI's own parser and the ops API:
// ipo-create (dates in seconds from now) → customers apply → ipo-close → ipo-draw (public draw
// verifies) → ipo-price → a winner pays → ipo-list (paid shares become a holding). Every step audited.
import { eq, like } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import { verifyIpoDraw, type IpoApplication, type IpoDrawPublication } from '@kabuto/shared-sdk/schemas';
import { createOperator } from '../funds/testing/funds-test-kit';
import { auditLog } from '../ops';
import { parseOpsArgs } from '../../ops-cli/args';
import { ipoIssues } from './schema';
import { tradingPositions } from '../trading';
import { apply, createFundedCustomer, FUND_PASSWORD, idemKey, ipo, startIpoTestApp, type IpoTestContext } from './testing/ipo-test-kit';

let t: IpoTestContext;
let token: string;
beforeAll(async () => {
  t = await startIpoTestApp();
  token = (await createOperator(t.db, 'ipo-ops')).token;
}, 120_000);
afterAll(async () => t.close());

async function cli<T = Record<string, unknown>>(...argv: string[]): Promise<{ status: number; msg: string; data: T }> {
  const parsed = parseOpsArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error);
  const { method, path, body } = parsed.call;
  const res = await t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return res.json() as { status: number; msg: string; data: T };
}

test('the whole journey by ops commands, audited; refusals for steps out of order', async () => {
  const created = await cli(
    'ipo-create',
    '7Q9A',
    '--name-jp',
    '（模擬）テスト',
    '--name-en',
    '(Simulated) Test',
    '--name-tw',
    '（模擬）臺灣測試',
    '--lower',
    '500',
    '--upper',
    '600',
    '--units',
    '100',
    '--max',
    '300',
    '--closes-in',
    '30',
    '--reason',
    'e2e',
  );
  expect(created.status).toBe(1);
  expect(created.data).toMatchObject({ code: '7Q9A', status: 'applying' });
  // The tw name goes through the company-name correction table (臺 → 台), as the universe's do.
  expect((await t.db.select().from(ipoIssues).where(eq(ipoIssues.code, '7Q9A')))[0]?.names.tw).toBe('（模擬）台灣測試');
  expect(
    (await cli('ipo-create', '7Q9A', '--name-jp', 'a', '--name-en', 'b', '--name-tw', 'c', '--lower', '1', '--upper', '2', '--units', '100', '--max', '100'))
      .msg,
  ).toBe(MSG.ipoIssueCodeTaken);
  expect((await cli('ipo-draw', '7Q9A')).msg).toBe(MSG.ipoDrawTooEarly);

  const a = await createFundedCustomer(t, 1_000_000n);
  const b = await createFundedCustomer(t, 1_000_000n);
  expect((await apply(t, a, '7Q9A', 100)).status).toBe(1);
  expect((await apply(t, b, '7Q9A', 200)).status).toBe(1);

  expect((await cli('ipo-close', '7Q9A')).data).toMatchObject({ status: 'ended' });
  expect((await cli('ipo-close', '7Q9A')).msg).toBe(MSG.subscriptionChannelClosed);
  expect((await cli('ipo-list', '7Q9A')).msg).toBe(MSG.ipoNotListableYet);
  expect((await cli('ipo-draw', '7Q9A')).data).toMatchObject({ status: 'drawn' });
  expect((await cli('ipo-draw', '7Q9A')).msg).toBe(MSG.ipoAlreadyDrawn);

  // Anyone, without a session, can recompute the draw.
  const pub = (await ipo<IpoDrawPublication>(t.app, 'draw', { code: '7Q9A' })).data;
  expect(verifyIpoDraw(pub)).toMatchObject({ ok: true });
  expect(pub.winners).toHaveLength(1);

  expect((await cli('ipo-price', '7Q9A', '700')).msg).toBe(MSG.ipoOfferPriceOutOfRange);
  expect((await cli('ipo-price', '7Q9A', '550')).data).toMatchObject({ offerPrice: 550 });

  const views = await Promise.all([a, b].map(async (c) => ({ c, app: (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, c)).data.list[0]! })));
  const won = views.find((v) => v.app.status === 'awaitingPayment');
  expect(won).toBeDefined();
  const paid = await ipo<IpoApplication>(t.app, 'pay', { id: won!.app.id, fundPassword: FUND_PASSWORD, idempotencyKey: idemKey() }, won!.c);
  expect(paid.data).toMatchObject({ status: 'paid', wonQuantity: 100, amountPaid: { minor: '55000' } });

  // Before listing the code is known as an IPO: an order on it is refused as not yet listed.
  const early = await t.app.inject({
    method: 'POST',
    url: '/api/vue/trade/ticket',
    payload: 'code=7Q9A',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: won!.c.session.token, account: won!.c.session.account },
  });
  expect(early.json()).toMatchObject({ status: 0, msg: MSG.notYetListed });

  const listed = await cli('ipo-list', '7Q9A');
  expect({ msg: listed.msg, data: listed.data }).toMatchObject({ data: { status: 'listed' } });
  // Listed: the venue trades the code from the offer price, and the paid shares are a cash holding.
  const holdings = await t.db.select().from(tradingPositions).where(eq(tradingPositions.code, '7Q9A'));
  expect(holdings).toMatchObject([{ status: 'holding', product: 'cash', direction: 'long', openQuantity: 100 }]);
  expect(t.app.market.market.instrument('7Q9A')).toMatchObject({ listedOn: expect.any(String), loanEligible: false });
  expect(t.app.market.market.quote('7Q9A').previousClose).toBe(5500);
  const positionsList = await t.app.inject({
    method: 'POST',
    url: '/api/vue/trade/list',
    payload: 'tab=competition&status=holding',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: won!.c.session.token, account: won!.c.session.account },
  });
  expect(positionsList.json()).toMatchObject({ status: 1 });

  const audited = (await t.db.select().from(auditLog).where(like(auditLog.action, 'ipo.%'))).map((r) => r.action);
  expect(audited).toEqual(expect.arrayContaining(['ipo.create', 'ipo.close', 'ipo.draw', 'ipo.offerPrice', 'ipo.listNow', 'ipo.list']));
}, 120_000);
