// Sessions beyond Zaraba on real screens: a pre-open order goes into the opening auction and
// shows its auction fill; sold again, its proceeds stay unsettled until T+2 and settle when the
// business clock has passed two business days; an after-hours order fills on the simulated PTS
// and appears in the same positions. The spec starts one server of its own whose business
// clock starts at Wednesday 08:30 JST, in the pre-open (KABUTO_MARKET_CLOCK_START,
// docs/operations.md "Business clock"). Nothing waits for the clock: the operator advances it
// (`npm run ops -- clock-advance`) to 09:00, over two business days, then to Friday 17:00 for
// the PTS night session. Screenshots in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import { ownServerForThisFile } from '../support/own-server';
import { screenshot } from '../support/browser';
import { ops } from '../support/ops-cli';
import { callApi } from '../support/api';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { inLanguage, openAt } from '../support/session';
import { TOYOTA, detailUntil, yenText } from '../support/venue';
import { tradeText } from './trading-helpers';

const DEPOSIT_YEN = 2_000_000;
// Well before 09:00 whatever server start, sign-up and funding take; the operator then advances to the opening.
const PRE_OPEN_START = '2026-11-25T08:30:00+09:00';
const OPENING = '2026-11-25T09:00:00+09:00';
// The same server, advanced by the operator after the first journey: Friday's PTS night session.
const NIGHT = '2026-11-27T17:00:00+09:00';

// One server for both journeys: the second moves its business clock on instead of starting another.
ownServerForThisFile(PRE_OPEN_START, ['deposit']);

describe('opening auction: a pre-open order fills in the Itayose', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await fundedPhone(DEPOSIT_YEN));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'shows the indicative auction price while the pre-open book builds, then the order filled at the auction price',
    async () => {
      await openAt(page, ROUTES.openingAuction);
      const window = page.getByTestId('auction-window');
      await window.waitFor({ timeout: 30000 });
      expect(await window.getAttribute('data-open')).toBe('1');
      expect(await window.getAttribute('data-kind')).toBe('morning-open');
      await page.locator('[data-testid="auction-row"]').first().waitFor();

      // A cash limit buy a little above the indicative price: it takes part in the Itayose in full.
      const boardAnswer = await callApi(page, 'market/auctionBoard', { codes: TOYOTA });
      const row = (boardAnswer.data as { items: { indicativePrice: number | null; basePrice: number }[] }).items[0];
      if (!row) throw new Error('no auction row for 7203');
      const limit = (row.indicativePrice ?? row.basePrice) + 50;
      const placed = await callApi(page, 'trade/place', {
        code: TOYOTA,
        side: 'buy',
        product: 'cash',
        orderType: 'limit',
        price: yenText(limit),
        lots: '1',
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-auction-${Date.now()}`,
      });
      expect(placed.status).toBe(1);
      const id = (placed.data as { id: number; tab: string }).id;
      expect((placed.data as { tab: string }).tab).toBe('auction');

      await page.reload();
      const mine = page.getByTestId('auction-mine').locator(`[data-testid="position-row"][data-id="${id}"]`);
      await mine.waitFor({ timeout: 30000 });
      expect(await mine.getAttribute('data-status')).toBe('pending');
      await screenshot(page, 'day-trading-auction-preopen-en');
      for (const lang of ['tw', 'jp'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, ROUTES.openingAuction);
          await langPage.getByTestId('auction-window').waitFor({ timeout: 30000 });
          await langPage.locator('[data-testid="auction-row"]').first().waitFor();
          await expect(langPage.getByTestId('day-tab-auction').textContent()).resolves.toBe(tradeText('day.tab.auction', lang));
          await screenshot(langPage, `day-trading-auction-preopen-${lang}`);
        });
      }

      // 09:00 (the operator skips the rest of the pre-open): the Itayose fills it at the auction price.
      ops('clock-advance', '--to', OPENING, '--reason', 'e2e: the opening auction');
      await detailUntil(page, id, 'holding', 60_000, 30000);
      const fill = page.locator('[data-testid="detail-fill"][data-kind="open"]').first();
      await fill.waitFor();
      await expect(fill.textContent()).resolves.toContain(tradeText('detail.auctionFill'));
      await expect(fill.textContent()).resolves.toContain(tradeText('venue.tse'));
      const fillPrice = Number(await fill.getAttribute('data-price'));
      expect(fillPrice * 10).toBeLessThanOrEqual(limit);
      await screenshot(page, 'day-trading-auction-fill-en');

      // The tab now names the next window and shows the morning Itayose's result.
      await openAt(page, ROUTES.openingAuction);
      await page.getByTestId('auction-window').waitFor({ timeout: 30000 });
      // The board answer cached from before the advance may show first; the next poll says closed.
      await page.waitForFunction(() => document.querySelector('[data-testid="auction-window"]')?.getAttribute('data-open') === '0', undefined, {
        timeout: 30000,
      });
      // The board lists the first Nikkei 225 stocks by code; each shows the morning Itayose.
      const result = page.locator('[data-testid="auction-result"]').first();
      await result.waitFor({ timeout: 30000 });
      await expect(result.textContent()).resolves.toContain(tradeText('auction.kindShort.morning-open'));
      await screenshot(page, 'day-trading-auction-result-en');
      for (const lang of ['tw', 'jp'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, ROUTES.openingAuction);
          await langPage.locator('[data-testid="auction-result"]').first().waitFor({ timeout: 30000 });
          await screenshot(langPage, `day-trading-auction-result-${lang}`);
        });
      }

      // Sold again the same day: the proceeds are cash at once but settle on T+2 (Friday 27th).
      const closed = await callApi(page, 'trade/close', {
        id: String(id),
        orderType: 'market',
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-settle-${Date.now()}`,
      });
      expect(closed.status).toBe(1);
      await detailUntil(page, id, 'closed', 60_000, 30000);
      const unsettled = async () => ((await callApi(page, 'trade/buyingPower', {})).data as { unsettled: { amount: string; settlesOn: string }[] }).unsettled;
      expect((await unsettled()).map((u) => u.settlesOn)).toEqual(['2026-11-27']);
      await openAt(page, ROUTES.deposit);
      await page.getByTestId('wallet-unsettled').waitFor({ timeout: 30000 });
      await screenshot(page, 'day-trading-settlement-unsettled-en');

      // The business clock passes two business days (the operator's advance, as in a demo).
      const thursday = ops('clock-advance', '--reason', 'e2e: T+1');
      expect(thursday).toContain('2026-11-26 09:00');
      expect((await unsettled()).map((u) => u.settlesOn)).toEqual(['2026-11-27']);
      const friday = ops('clock-advance', '--reason', 'e2e: T+2');
      expect(friday).toContain('2026-11-27 09:00');
      expect(await unsettled()).toEqual([]);
      await openAt(page, ROUTES.deposit);
      // A fresh page: the wallet answer the page cached two business days ago is not asked again on navigation.
      await page.reload();
      await page.getByTestId('wallet').waitFor({ timeout: 30000 });
      await page.waitForFunction(() => document.querySelector('[data-testid="wallet-unsettled"]') === null, undefined, { timeout: 30000 });
      await expect(page.getByTestId('simulated-clock').textContent()).resolves.toContain('2026-11-27');
      await screenshot(page, 'day-trading-settlement-settled-en');
    },
    6 * 60_000,
  );
});

describe('after-hours: an order on the simulated PTS night session', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ops('clock-advance', '--to', NIGHT, '--reason', 'e2e: the PTS night session');
    ({ browser, page } = await fundedPhone(DEPOSIT_YEN));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'fills a PTS limit buy on the PTS book and shows it in the same positions, venue PTS',
    async () => {
      await openAt(page, `${ROUTES.openingAuction}?tab=pts`);
      const session = page.getByTestId('pts-session');
      await session.waitFor({ timeout: 30000 });
      await page.waitForFunction(() => document.querySelector('[data-testid="pts-session"]')?.getAttribute('data-open') === '1', undefined, { timeout: 30000 });
      await page.getByTestId('pts-board').waitFor({ timeout: 60000 });
      await screenshot(page, 'day-trading-pts-board-en');

      // A limit a little above the best ask: it takes the resting PTS offers.
      const board = (await callApi(page, 'market/ptsBoard', { code: TOYOTA })).data as { asks: { price: number }[]; last: number | null; basePrice: number };
      const ask = board.asks[0]?.price ?? board.last ?? board.basePrice;
      await page
        .getByTestId('pts-price')
        .locator('input')
        .fill(yenText(ask + 20));
      await page.getByTestId('pts-fund-password').locator('input').fill(FUND_PASSWORD);
      await page.getByTestId('pts-submit').click();
      const placed = page.getByTestId('pts-placed');
      await placed.waitFor({ timeout: 30000 });
      const orderNo = /K\d+/.exec((await placed.textContent()) ?? '')?.[0] ?? '';
      const id = Number(orderNo.slice(1));
      expect(id).toBeGreaterThan(0);

      await detailUntil(page, id, 'holding', 60_000, 30000);
      const fill = page.locator('[data-testid="detail-fill"][data-kind="open"]').first();
      await fill.waitFor();
      await expect(fill.getAttribute('data-trade-id')).resolves.toContain('-pts');
      await expect(fill.textContent()).resolves.toContain(tradeText('venue.pts'));
      await screenshot(page, 'day-trading-pts-fill-en');

      // The same positions list as TSE orders, the row naming its venue.
      await openAt(page, ROUTES.positions);
      await page.getByTestId('positions-status-holding').click();
      const row = page.locator(`[data-testid="position-row"][data-id="${id}"]`);
      await row.waitFor({ timeout: 30000 });
      await expect(row.getByTestId('position-venue').textContent()).resolves.toContain(tradeText('venue.pts'));
      await screenshot(page, 'day-trading-pts-positions-en');

      for (const lang of ['tw', 'jp'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, `${ROUTES.openingAuction}?tab=pts`);
          await langPage.getByTestId('pts-board').waitFor({ timeout: 60000 });
          await langPage.locator('[data-testid="pts-mine"] [data-testid="position-row"]').first().waitFor({ timeout: 30000 });
          await expect(langPage.getByTestId('pts-session').textContent()).resolves.toContain(tradeText('pts.open', lang));
          await screenshot(langPage, `day-trading-pts-${lang}`);
        });
      }
    },
    6 * 60_000,
  );
});
