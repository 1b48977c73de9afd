// Order following on real screens against a real server of the file's own, whose business clock
// starts on Tuesday 2026-12-01 09:00 JST. A leader buys Toyota on the simulated venue; the
// operator moves the demo clock 35 days on (the leader's 30 days of fills, docs/strategies.md §1)
// and the leader publishes a strategy. A follower finds it in the list, follows it through the
// detail's form (preview first, the fee's worked example, a 5 % copy stop-loss, the fund password);
// the leader buys again: the follower's mirrored order enters and fills on the venue with its own
// fill, and the following detail shows the leader's price, the follower's fill price and the
// slippage. The verify screen recomputes the record and the mirrored size and says match.
// Screenshots of the list, the detail and the following detail in tw, jp and en.
//
// Then the copy stop-loss: the operator's simulated price shock (ops market-shock, audited, demo
// clock only) takes Toyota's next close 30 % down and the clock moves two business days on, so the
// venue opens on that close. Customer orders cannot move the simulated price for long: its makers
// and takers trade round the seeded fair value (docs/strategies.md §11). The sweep ends the
// following for its stop-loss and closes the copied position at market, filled on the venue; the
// positions tab "order following" lists it under ended with the reason, its detail lists that sale
// with its fill price and labels the value final, the notice is in the messages. Screenshots of the
// ended following in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { routeTo } from '@kabuto/shared-sdk/routes';
import type { FollowingView, StrategyView, TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { callApi, mustCall } from '../support/api';
import { screenshot } from '../support/browser';
import { advanceTo, until } from '../support/business-clock';
import { FUND_PASSWORD, fundedCustomer, fundedPhone, type Customer } from '../support/money';
import { textFrom } from '../support/texts';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt } from '../support/session';
import { TOYOTA, quote, waitForContinuousTrading } from '../support/venue';
import { TRADE_TEXTS } from '../../../mf-trade/src/translations';

const START = '2026-12-01T09:00:00+09:00';
/** 35 days after the first fill, a trading day. */
const PUBLISH_DAY = '2027-01-05';
const LANGS = ['tw', 'jp', 'en'] as const;
/** The follow amount (yen) and its copy stop-loss (percent, the lowest the rules allow). */
const AMOUNT = 700_000;
const STOP_LOSS = 5;

function tradeText(key: string, lang: string, values: Record<string, string | number> = {}): string {
  return textFrom(TRADE_TEXTS, 'trade', key, lang, values);
}

async function marketBuy(page: Page, lots: number, key: string): Promise<void> {
  await waitForContinuousTrading(page);
  const placed = await callApi(page, 'trade/place', {
    code: TOYOTA,
    side: 'buy',
    product: 'cash',
    orderType: 'market',
    lots: String(lots),
    leverage: '1',
    fundPassword: FUND_PASSWORD,
    idempotencyKey: `e2e-strategy-${key}-${Date.now()}`,
  });
  expect(placed).toMatchObject({ status: 1 });
}

ownServerForThisFile(START, ['deposit']);

describe('order following', () => {
  let browser: Browser;
  let leader: Page;
  let follower: Customer;
  /** Set by the first journey, used by the stop-loss one. */
  let strategyName = '';
  let followingId = 0;
  let copiedPositionId = 0;

  beforeAll(async () => {
    ({ browser, page: leader } = await fundedPhone(3_000_000));
    follower = await fundedCustomer(browser, 1_500_000);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'leader publishes after 30 days → follower follows through the form → the leader buys → the mirrored order fills with its slippage → verify says match',
    async () => {
      // Day 1: the leader's first venue fill.
      await marketBuy(leader, 1, 'first');
      await until(
        () => mustCall<{ list: unknown[] }>(leader, 'trade/list', { tab: 'competition', status: 'holding' }),
        (p) => p.list.length === 1,
        60_000,
        'the first buy filled',
      );
      advanceTo(PUBLISH_DAY, 'e2e: 30 days of leader history');
      const published = await mustCall<StrategyView>(leader, 'strategy/optIn', {
        name: 'Toyota steady',
        description: 'Buys Toyota in lots, holds for weeks.',
        riskNotes: 'One stock; simulated venue.',
        idempotencyKey: `e2e-opt-in-${Date.now()}`,
      });
      expect(published).toMatchObject({ status: 'active', simulated: true });
      expect(published.record.daysLive).toBeGreaterThanOrEqual(30);

      // The follower finds it in the list and follows it through the detail's form.
      const page = follower.page;
      await openAt(page, routeTo('strategies'));
      await page.locator(`[data-testid="strategy-row-${published.id}"]`).click();
      await page.locator('[data-testid="strategy-detail-page"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="strategy-chart"] svg').first().waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="follow-amount"] input').fill(String(AMOUNT));
      await page.locator('[data-testid="follow-preview"]').click();
      const example = await page.locator('[data-testid="follow-fee-example"]').textContent({ timeout: 15_000 });
      expect(example).toContain('¥700,000');
      expect(await page.locator('[data-testid="follow-fee-follower"]').textContent()).toBe('¥0');
      await page.locator('[data-testid="follow-stop-loss"] input').fill(String(STOP_LOSS));
      await page.locator('[data-testid="follow-fund-password"] input').fill(FUND_PASSWORD);
      await page.locator('[data-testid="follow-submit"]').click();
      await page.locator('[data-testid="following-detail-page"]').waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="following-status"]').textContent()).toBe('In progress');
      expect(await page.locator('[data-testid="following-stop-loss"]').textContent()).toContain(`${STOP_LOSS}%`);
      followingId = Number(new URL(page.url().replace('/#', '/')).searchParams.get('id'));
      strategyName = published.name;

      // The leader buys 5 lots: 500 × ¥700,000 ÷ ~¥3m equity → 1 lot mirrored, filled on the venue.
      await marketBuy(leader, 5, 'second');
      const following = await until(
        () => mustCall<FollowingView>(page, 'strategy/following', { id: String(followingId) }),
        (f) => f.mirrored.some((m) => m.outcome === 'placed' && m.fillPrice !== null),
        90_000,
        'the mirrored order filled',
      );
      const order = following.mirrored.find((m) => m.outcome === 'placed');
      expect(order).toMatchObject({ code: TOYOTA, side: 'buy', leaderQuantity: 500, quantity: 100 });
      copiedPositionId = order?.positionId ?? 0;
      await page.reload();
      const row = page.locator(`[data-testid="mirrored-${order?.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.locator('[data-testid="mirrored-fill-price"]').textContent()).not.toBe('Not filled yet');
      expect(await row.locator('[data-testid="mirrored-slippage"]').textContent()).toMatch(/^¥[+-]?[\d.,]+ per share$/);
      // The follower's own position, in the positions tab "order following".
      const copied = await mustCall<{ offered: boolean; list: { code: string }[] }>(page, 'trade/list', { tab: 'following' });
      expect(copied).toMatchObject({ offered: true, list: [{ code: TOYOTA }] });

      // Verify this record: recomputed from the fills, every line matches.
      await openAt(page, routeTo('strategyVerify', { id: published.id }));
      const verdict = page.locator('[data-testid="verify-verdict"]');
      await verdict.waitFor({ timeout: 30_000 });
      expect(await verdict.getAttribute('data-match')).toBe('true');
      expect(await page.locator('[data-testid="verify-line"][data-match="false"]').count()).toBe(0);
      expect(await page.locator('[data-testid="verify-line"]').count()).toBeGreaterThanOrEqual(1);
      await screenshot(page, 'strategy-verify-en');

      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          for (const [name, route, ready] of [
            ['strategies', routeTo('strategies'), `strategy-row-${published.id}`],
            ['strategy-detail', routeTo('strategyDetail', { id: published.id }), 'strategy-record'],
            ['following-detail', routeTo('followingDetail', { id: followingId }), `mirrored-${order?.id}`],
          ] as const) {
            await openAt(langPage, route);
            await langPage.reload();
            await langPage.locator(`[data-testid="${ready}"]`).first().waitFor({ timeout: 30_000 });
            await screenshot(langPage, `${name}-${lang}`);
            if (name === 'strategy-detail') {
              await langPage.locator('[data-testid="strategy-holdings"]').scrollIntoViewIfNeeded();
              await screenshot(langPage, `${name}-${lang}-holdings`);
            }
          }
        });
      }
    },
    15 * 60_000,
  );

  it(
    'the copy stop-loss: a simulated shock takes Toyota down → the sweep ends the following for stopLoss → the copied position closes by a venue fill → ended tab, reason and notice',
    async () => {
      expect(followingId).toBeGreaterThan(0);
      expect(copiedPositionId).toBeGreaterThan(0);
      const page = follower.page;
      const held = await mustCall<TradePositionDetail>(page, 'trade/detail', { id: String(copiedPositionId) });
      expect(held).toMatchObject({ code: TOYOTA, status: 'holding', holdingQuantity: 100 });
      const before = await mustCall<FollowingView>(page, 'strategy/following', { id: String(followingId) });
      expect(before).toMatchObject({ status: 'inProgress', stopLossPercent: STOP_LOSS, endReason: null });
      // The price at or below which the copied 100 shares have lost the stop-loss share of the amount.
      const stopPriceTenths = Math.round(Number(held.openPrice) * 10) - (AMOUNT * STOP_LOSS * 10) / 100 / 100;

      // The operator's simulated shock (audited): Toyota's next close 30 % down; two business days
      // on, the venue's previous close is that close and its participants trade round it.
      expect(ops('market-shock', '--code', TOYOTA, '--percent', '-30', '--reason', 'e2e: a controlled fall for the copy stop-loss')).toMatch(/-30|−30/);
      ops('clock-advance', '--reason', 'e2e: the shocked close');
      ops('clock-advance', '--reason', 'e2e: the venue opens on the shocked close');
      const fallen = await quote(page);
      expect(fallen.previousClose).toBeLessThan(stopPriceTenths);

      // The sweep (every 60 s) ends the following for its stop-loss and closes the copy at market.
      const ended = await until(
        () => mustCall<FollowingView>(page, 'strategy/following', { id: String(followingId) }),
        (f) => f.status === 'ended',
        150_000,
        'the following ended',
      );
      expect(ended).toMatchObject({ status: 'ended', endReason: 'stopLoss', simulated: true });
      // The copied position closed by a fill on the venue (a trade id of the venue's tape, not off-auction).
      const closed = await until(
        () => mustCall<TradePositionDetail>(page, 'trade/detail', { id: String(copiedPositionId) }),
        (p) => p.status === 'closed',
        120_000,
        'the copied position closed',
      );
      const closeFills = closed.fills.filter((f) => f.kind === 'close');
      expect(closeFills.reduce((n, f) => n + f.quantity, 0)).toBe(100);
      for (const f of closeFills) {
        expect(f).toMatchObject({ side: 'sell' });
        expect(f.tradeId).toMatch(/\S/);
        expect(f.offAuction).toBeUndefined();
      }
      expect(Number(closed.closePrice)).toBeLessThan(Number(closed.openPrice));
      expect(BigInt(ended.value.minor) * 100n).toBeLessThanOrEqual(BigInt(AMOUNT * (100 - STOP_LOSS)));
      // The following lists that sale as its close at the end, priced from the follower's own fills; nothing is held.
      const final = await until(
        () => mustCall<FollowingView>(page, 'strategy/following', { id: String(followingId) }),
        (f) => f.closedAtEnd[0]?.state === 'filled',
        60_000,
        'the close at the end filled',
      );
      expect(final.heldPositions).toBe(0);
      expect(final.closedAtEnd).toEqual([
        expect.objectContaining({ code: TOYOTA, side: 'sell', reason: 'stopLoss', quantity: 100, filledQuantity: 100, state: 'filled', refusal: null }),
      ]);
      const closeFillShares = closeFills.reduce((n, f) => n + f.quantity, 0);
      const closeVwap = closeFills.reduce((v, f) => v + Number(f.price) * f.quantity, 0) / closeFillShares;
      // Rounded to the venue's tenth of a yen.
      expect(Math.abs(Number(final.closedAtEnd[0]?.fillPrice) - closeVwap)).toBeLessThanOrEqual(0.05);

      // The notice, in the site messages.
      const title = `Copy stop-loss: ${strategyName}`;
      await openAt(page, routeTo('messages'));
      await page.locator('[data-testid="message-item"]').filter({ hasText: title }).first().waitFor({ timeout: 30_000 });
      await screenshot(page, 'following-stop-loss-notice-en');

      // The positions tab "order following", ended: the following with its reason; its detail.
      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, routeTo('positions'));
          await langPage.locator('[data-testid="positions-tab-following"]').click();
          await langPage.locator('[data-testid="positions-following-ended"]').click();
          const row = langPage.locator(`[data-testid="following-row-${followingId}"]`);
          await row.waitFor({ timeout: 30_000 });
          const state = await row.locator('[data-testid="following-state"]').textContent();
          expect(state).toContain(tradeText('following.state.ended', lang));
          expect(state).toContain(tradeText('following.end.stopLoss', lang));
          await screenshot(langPage, `positions-following-ended-${lang}`);
          await row.click();
          const reason = langPage.locator('[data-testid="following-end-reason"]');
          await reason.waitFor({ timeout: 30_000 });
          expect(await reason.textContent()).toBe(tradeText('following.endedBecause', lang, { reason: tradeText('following.end.stopLoss', lang) }));
          // Every copied share sold: the value is final, and the sale that closed the copy is listed with its fill price.
          const valueRow = langPage.locator('[data-testid="following-value"]').locator('..');
          expect(await valueRow.textContent()).toContain(tradeText('following.valueFinal', lang));
          const sale = langPage.locator(`[data-testid="closed-at-end-${final.closedAtEnd[0]?.id}"]`);
          await sale.waitFor({ timeout: 30_000 });
          expect(await sale.locator('[data-testid="closed-at-end-state"]').textContent()).toBe(tradeText('following.closeState.filled', lang));
          const salePrice = (await sale.locator('[data-testid="closed-at-end-fill-price"]').textContent()) ?? '';
          expect(salePrice).toMatch(/^¥[\d,]+(\.\d)?$/);
          expect(Number(salePrice.replace(/[¥,]/g, ''))).toBeCloseTo(Number(final.closedAtEnd[0]?.fillPrice), 1);
          expect(await sale.locator('[data-testid="closed-at-end-reason"]').textContent()).toBe(
            tradeText('following.reason', lang, { reason: tradeText('following.end.stopLoss', lang) }),
          );
          await screenshot(langPage, `following-stop-loss-ended-${lang}`);
        });
      }
    },
    8 * 60_000,
  );
});
