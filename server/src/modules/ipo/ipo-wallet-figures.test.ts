// The figures an IPO application moves. Buying power: the subscribe screen shows
// trade/buyingPower and ipo/apply checks against the same function, so with unsettled sale
// proceeds (T+2) in the cash the figure a refusal names is the figure shown. The wallet: the
// escrow has its own line, read from the ledger's escrow account, and stays in total assets.
import { MSG } from '@kabuto/shared-sdk/messages';
import type { BuyingPower, IpoApplication, Money, Wallet } from '@kabuto/shared-sdk/schemas';
import { brokerAccount, customerCash, postJournal, userAccountBalance } from '../funds';
import { jstDateKey } from '../market';
import { TRADING_ACCOUNTS, tradingPositions, tradingUnsettled } from '../trading';
import { call as callFunds } from '../funds/testing/funds-test-kit';
import { trade } from '../trading/testing/trading-test-kit';
import { drawIssue } from './lifecycle';
import { apply, createFundedCustomer, escrowOf, ipo, openIssue, OPERATOR, useIpoTestApp, type TestCustomer } from './testing/ipo-test-kit';

const t = useIpoTestApp();

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

test('the wallet shows the IPO escrow as a line and keeps it in total assets until it returns', async () => {
  const issue = await openIssue(t, { unitsAvailable: 100 });
  const c = await createFundedCustomer(t, 1_000_000n);
  const wallet = async () => (await callFunds<Wallet>(t.app, 'wallet', {}, c)).data;
  expect((await wallet()).escrow).toEqual([]);

  expect((await apply(t, c, issue.code, 300)).status).toBe(1);
  const during = await wallet();
  expect(during.balance.minor).toBe('700000');
  expect(during.escrow).toEqual([{ source: 'ipo-escrow', amount: { currency: 'JPY', minor: '300000', amount: '300000' } }]);
  // The line is the ledger account's balance, and total assets did not drop.
  expect(BigInt(during.escrow[0]!.amount.minor)).toBe(await escrowOf(t, c));
  expect(during.totalAssets.minor).toBe('1000000');
  // The postings behind total assets include the escrow's (they add up to the figure).
  const behind = (await callFunds<{ sum: Money[] }>(t.app, 'walletPostings', { figure: 'totalAssets' }, c)).data;
  expect(behind.sum.find((m) => m.currency === 'JPY')?.minor).toBe('1000000');

  // The draw keeps one lot (100 available) and returns the rest: the line shrinks, the total stays.
  t.clock.set(new Date(issue.lotteryAt.getTime()));
  await drawIssue(t.deps, OPERATOR, issue.code, 'test');
  const after = await wallet();
  const mine = (await ipo<{ list: IpoApplication[] }>(t.app, 'mine', {}, c)).data.list[0]!;
  expect(after.escrow.map((l) => l.amount.minor)).toEqual([mine.escrowed.minor]);
  expect(after.totalAssets.minor).toBe('1000000');
});
