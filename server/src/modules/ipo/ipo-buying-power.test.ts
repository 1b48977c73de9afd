// The subscribe screen shows trade/buyingPower; ipo/apply checks the escrow against a buying
// power. They must be one figure: with unsettled sale proceeds (T+2) in the cash, the figure a
// refusal names equals the figure shown, and an escrow within the shown figure is accepted.
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BuyingPower, Money } from '@kabuto/shared-sdk/schemas';
import { brokerAccount, customerCash, postJournal, userAccountBalance } from '../funds';
import { jstDateKey } from '../market';
import { TRADING_ACCOUNTS, tradingPositions, tradingUnsettled } from '../trading';
import { trade } from '../trading/testing/trading-test-kit';
import { apply, createFundedCustomer, escrowOf, openIssue, startIpoTestApp, type IpoTestContext, type TestCustomer } from './testing/ipo-test-kit';

let t: IpoTestContext;
beforeAll(async () => {
  t = await startIpoTestApp();
}, 120_000);
afterAll(async () => t.close());

/** A cash sale filled today as trading books it: proceeds in the cash now, unsettled until T+2. */
async function soldToday(c: TestCustomer, proceeds: bigint): Promise<void> {
  const now = t.clock.now();
  await t.db.transaction(async (tx) => {
    const [pos] = await tx
      .insert(tradingPositions)
      .values({
        userId: c.user.id,
        code: '7203',
        product: 'cash',
        direction: 'long',
        orderType: 'limit',
        limitPrice: 0,
        leverageTenths: 10,
        tab: 'competition',
        status: 'closed',
        orderedQuantity: 100,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tradingPositions.id });
    await postJournal(tx, t.clock, {
      type: 'trade_sell',
      reference: `test-sale:${c.user.id}`,
      userId: c.user.id,
      postings: [
        { account: brokerAccount(TRADING_ACCOUNTS.exchangeClearing, 'JPY'), amount: -proceeds },
        { account: customerCash(c.user.id, 'JPY'), amount: proceeds },
      ],
    });
    await tx.insert(tradingUnsettled).values({
      userId: c.user.id,
      positionId: pos!.id,
      amount: proceeds,
      tradeDate: jstDateKey(now),
      settlesOn: '2099-01-01',
      createdAt: now,
    });
  });
}

const shown = async (c: TestCustomer): Promise<Money> => (await trade<BuyingPower>(t.app, 'buyingPower', {}, c)).data.buyingPower;

test('the buying power a refusal names is the one trade/buyingPower shows, unsettled proceeds included', async () => {
  const issue = await openIssue(t, { priceLower: 1000, priceUpper: 1400, maxUnitsPerCustomer: 5000 });
  const c = await createFundedCustomer(t, 5_650n);
  await soldToday(c, 243_900n);
  const power = await shown(c);
  expect(power.minor).toBe('249550');

  // 200 shares × ¥1,400 = ¥280,000 > ¥249,550: refused, naming the shown figure.
  const refused = await apply(t, c, issue.code, 200);
  expect(refused.msg).toBe(MSG.insufficientBuyingPower);
  expect((refused.data as { buyingPower: Money }).buyingPower).toEqual(power);
  expect((refused.data as { required: Money }).required.minor).toBe('280000');
  expect(await escrowOf(t, c)).toBe(0n);

  // 100 shares × ¥1,400 = ¥140,000 ≤ ¥249,550: accepted, and the shown figure drops by the escrow ("after").
  expect((await apply(t, c, issue.code, 100)).status).toBe(1);
  expect(await escrowOf(t, c)).toBe(140_000n);
  expect((await shown(c)).minor).toBe('109550');
  expect(await userAccountBalance(t.db, c.user.id, 'customer_cash', 'JPY')).toBe(109_550n);
});
