// Market journeys in the real Chromium against the real server:
// search by code and by Japanese name → details → all nine chart intervals; the best
// five bids/asks and the last price move live; the watchlist shows on home and on the
// market's watchlist tab; search history; labels in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { freshPhonePageEachTest, launchBrowser, newPhoneContext, openRoute, screenshot } from '../support/browser';
import { marketText, signInFreshCustomer, textOf, type MarketLang } from './market-helpers';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';

const TOYOTA = '7203';
/** Spec §9: time-sharing, 1, 5, 10, 15, 30 minutes, day, week, month (the page's interval test ids). */
const KLINE_INTERVALS = ['timeshare', '1m', '5m', '10m', '15m', '30m', 'day', 'week', 'month'] as const;

async function search(page: Page, query: string, lang: MarketLang = 'en'): Promise<void> {
  const input = page.getByPlaceholder(marketText('search.placeholder', lang));
  await input.fill(query);
  await page.getByTestId('search-results').getByTestId(`quote-row-${TOYOTA}`).waitFor({ timeout: 15000 });
}

/** Waits until the chart element says it draws `interval` with at least one bar, and ECharts has drawn it (SVG renderer). */
async function chartShows(page: Page, interval: string): Promise<number> {
  const chart = page.locator(`[data-testid="kline-chart"][data-interval="${interval}"]`);
  await chart.waitFor({ timeout: 20000 });
  await chart.locator('[role="img"] svg').first().waitFor();
  return Number(await chart.getAttribute('data-bars'));
}

describe('market screens', () => {
  let page: Page;
  freshPhonePageEachTest({ lang: 'en' }, (fresh) => (page = fresh));

  it('finds Toyota by code and by its Japanese name, opens it and draws all nine intervals', async () => {
    await openRoute(page, ROUTES.search);
    await search(page, TOYOTA);
    await screenshot(page, 'market-search-code');
    await search(page, 'トヨタ');
    await page.getByTestId('search-results').getByTestId(`quote-row-${TOYOTA}`).click();
    await page.waitForURL(new RegExp(`${ROUTES.stockDetail}\\?code=${TOYOTA}$`));

    const counts: Record<string, number> = {};
    for (const interval of KLINE_INTERVALS) {
      await page.getByTestId(`interval-${interval}`).click();
      counts[interval] = await chartShows(page, interval);
      if (interval === 'timeshare' || interval === 'day') await screenshot(page, `market-details-${interval}`);
    }
    // Every interval re-rendered the chart with bars of its own.
    for (const interval of KLINE_INTERVALS) expect([interval, counts[interval]! > 0]).toEqual([interval, true]);
    // Longer bars cover more time, so a month series has fewer bars than a 1-minute one.
    expect(counts.month).toBeLessThan(counts['1m']!);

    // An adjustment redraws the daily chart too.
    await page.getByTestId('interval-day').click();
    await page.getByTestId('adjust-forward').click();
    await page.locator('[data-testid="kline-chart"][data-interval="day"][data-adjust="forward"]').waitFor({ timeout: 20000 });
  });

  it('moves the best five bids/asks and the last price live', async () => {
    await openRoute(page, routeTo('stockDetail', { code: TOYOTA }));
    const book = page.getByTestId('depth-book');
    await book.waitFor({ timeout: 20000 });
    await expect(book.locator('[data-testid^="book-"]').count()).resolves.toBe(10);
    const firstBook = await book.innerText();
    const firstQuoteAt = await page.getByTestId('quote-last').getAttribute('data-at');
    const firstTape = `${await textOf(page, 'quote-last')} ${await textOf(page, 'field-volume')}`;

    await page.waitForFunction((before) => document.querySelector('[data-testid="depth-book"]')?.textContent !== before, await book.textContent(), {
      timeout: 15000,
    });
    await page.waitForFunction((before) => document.querySelector('[data-testid="quote-last"]')?.getAttribute('data-at') !== before, firstQuoteAt, {
      timeout: 15000,
    });
    // A new trade shows: the last price or (when it traded at the same price, which a
    // quiet tape can do for half a minute) the day's volume changes on screen.
    await page.waitForFunction(
      (before) => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
        return `${text('quote-last')} ${text('field-volume')}` !== before;
      },
      firstTape,
      { timeout: 30000 },
    );
    expect(await book.innerText()).not.toBe(firstBook);
    await screenshot(page, 'market-details-live');
  });

  it('adds Toyota to the watchlist: it shows on home and on the market watchlist tab, and can be removed', async () => {
    await signInFreshCustomer(page);
    await openRoute(page, routeTo('stockDetail', { code: TOYOTA }));
    const toggle = page.getByTestId('watch-toggle');
    await page.locator('[data-testid="watch-toggle"][data-on="false"]').waitFor({ timeout: 20000 });
    await toggle.click();
    await page.locator('[data-testid="watch-toggle"][data-on="true"]').waitFor({ timeout: 10000 });

    await openRoute(page, ROUTES.home);
    await page.getByTestId('home-watchlist').getByTestId(`quote-row-${TOYOTA}`).waitFor({ timeout: 15000 });
    await screenshot(page, 'market-home-signed-in');

    await openRoute(page, ROUTES.market);
    await page.getByTestId('market-tab-watchlist').click();
    await page.getByTestId('market-watchlist').getByTestId(`quote-row-${TOYOTA}`).waitFor({ timeout: 15000 });
    await screenshot(page, 'market-watchlist-tab');

    await openRoute(page, ROUTES.watchlist);
    await page.getByTestId(`watchlist-item-${TOYOTA}`).waitFor({ timeout: 15000 });
    await screenshot(page, 'market-fllow');
    await page.getByTestId(`watchlist-remove-${TOYOTA}`).click();
    await page.getByTestId(`watchlist-item-${TOYOTA}`).waitFor({ state: 'detached', timeout: 10000 });
  });

  it('keeps a signed-in user’s search history and clears it', async () => {
    await signInFreshCustomer(page);
    await openRoute(page, ROUTES.search);
    await search(page, TOYOTA);
    await page.getByPlaceholder(marketText('search.placeholder')).fill('');
    const history = page.getByTestId('search-history');
    await history.getByRole('button', { name: TOYOTA, exact: true }).waitFor({ timeout: 10000 });
    await page.getByTestId('search-history-clear').click();
    await history.waitFor({ state: 'detached', timeout: 10000 });
  });

  it('shows rankings with live rows and the simulated label', async () => {
    await openRoute(page, ROUTES.market);
    const gainers = page.getByTestId('board-gainers-list');
    await gainers.locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await page.getByTestId('simulated-badge').first().waitFor();
    await page.getByTestId('board-etf').click();
    await page.getByTestId('board-etf-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await page.getByTestId('board-japan').click();
    await page.getByTestId('board-japan-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    await screenshot(page, 'market-japan-list');
  });
});

describe('market labels in tw, jp and en', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it.each<MarketLang>(['tw', 'jp', 'en'])('%s', async (lang) => {
    const context = await newPhoneContext(browser, { lang });
    const page = await context.newPage();
    try {
      await openRoute(page, routeTo('stockDetail', { code: TOYOTA }));
      await page.getByTestId('interval-day').getByText(marketText('detail.interval.day', lang), { exact: true }).waitFor({ timeout: 20000 });
      await page.getByTestId('field-open').getByText(marketText('quote.open', lang), { exact: true }).waitFor();
      await page.getByTestId('field-industryPe').getByText(marketText('quote.industryPe', lang), { exact: true }).waitFor();
      await page.getByText(marketText('detail.book', lang), { exact: true }).waitFor();
      await expect(textOf(page, 'simulated-badge')).resolves.toBe(marketText('common.simulated', lang));
      await expect(textOf(page, 'trade-buy')).resolves.toBe(marketText('detail.buy', lang));
      await screenshot(page, `market-details-${lang}`);
      await page.getByTestId('depth-book').scrollIntoViewIfNeeded();
      await screenshot(page, `market-details-book-${lang}`);
      // The candles with an indicator pane: its buttons are named in the reader's language.
      await page.getByTestId('interval-day').click();
      await chartShows(page, 'day');
      await page.getByTestId('indicator-rsi').click();
      await page.locator('[data-testid="kline-chart"] [data-indicator="rsi"]').waitFor();
      const rsiName = await page.getByTestId('indicator-rsi').getAttribute('aria-label');
      expect(rsiName).toBe(`RSI ${marketText('detail.indicator.rsi', lang)}`);
      await page.getByTestId('chart-panel').scrollIntoViewIfNeeded();
      await screenshot(page, `market-details-rsi-${lang}`);

      await openRoute(page, ROUTES.market);
      await expect(textOf(page, 'market-tab-stocks')).resolves.toBe(marketText('market.tab.stocks', lang));
      await expect(textOf(page, 'board-gainers')).resolves.toBe(marketText('market.gainers', lang));
      await page.getByTestId('board-gainers-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
      await screenshot(page, `market-market-${lang}`);

      await openRoute(page, ROUTES.search);
      await search(page, 'トヨタ', lang);
      await screenshot(page, `market-search-${lang}`);

      await openRoute(page, ROUTES.home);
      await expect(textOf(page, 'shortcut-openingAuction')).resolves.toBe(marketText('home.shortcut.openingAuction', lang));
      await page.getByTestId('home-hot').getByText(marketText('home.hot', lang)).waitFor();
      await screenshot(page, `market-home-${lang}`);
    } finally {
      await context.close();
    }
  });
});
