// A page's first API calls are sent by index.html's boot script while the app's code is still
// loading, and the page takes those answers instead of asking again: each call the
// remote declares (mf-market/src/first-calls.json) goes to the server once, and the page shows
// its answer. A declaration that drifted from what the page asks (another limit, another
// parameter) would show here as the same call sent twice.
import type { Page, Request } from 'playwright-core';
import { firstCallKey } from '@kabuto/shared-sdk/remote';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import { freshPhonePageEachTest, openRoute } from '../support/browser';
import { remoteRendered } from '../support/remote-area';
import { signInViaApi } from '../support/session';

const TOYOTA = '7203';

/** Every API call the page sends from now on, as 'group/action?body', the body's params sorted by name. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/vue/')) return;
    const body = new URLSearchParams(request.postData() ?? '');
    body.sort();
    calls.push(`${path.slice('/api/vue/'.length)}?${body.toString()}`);
  });
  return calls;
}

const times = (calls: string[], prefix: string) => calls.filter((call) => call.startsWith(prefix)).length;

/** What the boot script left that no request has taken (every key it stored is deleted when taken). */
function untaken(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys((window as unknown as Record<string, object | undefined>).__kabutoFirstCalls ?? {}));
}

describe('first calls sent by index.html', () => {
  let page: Page;
  freshPhonePageEachTest({ lang: 'jp' }, (fresh) => (page = fresh));

  it("home: the indices, the hot stocks and the news go once each, in the customer's language, and show", async () => {
    const calls = recordApiCalls(page);
    await openRoute(page, ROUTES.home);
    await remoteRendered(page, 'mf_market');
    await page.getByTestId('index-strip').waitFor({ timeout: 20000 });
    await page.getByTestId('home-hot').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 20000 });
    await page.getByTestId('home-news').locator('[data-testid^="news-row-"]').first().waitFor({ timeout: 20000 });

    expect(times(calls, 'market/indices?')).toBe(1);
    expect(calls.filter((call) => call.startsWith('market/rankings?'))).toEqual(['market/rankings?limit=8&type=hot']);
    expect(calls.filter((call) => call.startsWith('market/news?'))).toEqual(['market/news?lang=jp&limit=20&offset=0']);
    // A visitor: the watchlist is the customer's, not asked for.
    expect(times(calls, 'market/watchlist?')).toBe(0);
    // The header's business clock (the shell frame's first call) goes once too.
    expect(times(calls, 'common/clock?')).toBe(1);
    expect(await untaken(page)).toEqual([]);
  });

  it("the header's business clock is asked for by index.html on any page, before the app's code runs", async () => {
    // The app's code held back: whatever is sent now, the boot script sent.
    await page.route(/\/(bootstrap|first-load)\.[0-9a-f]+\.js$/, (route) => route.abort());
    const calls = recordApiCalls(page);
    const clockAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/vue/common/clock', { timeout: 20000 });
    await openRoute(page, ROUTES.mine);
    await clockAsked;
    expect(calls).toEqual(['common/clock?']);
    // Its answer waits for the header that will ask.
    expect(await untaken(page)).toEqual([firstCallKey('/api/vue/common/clock', [])]);
  });

  it("home signed in: the customer's watchlist goes once, with the session", async () => {
    await signInViaApi(page);
    const calls = recordApiCalls(page);
    await openRoute(page, ROUTES.home);
    await page.reload();
    await page.getByTestId('home-watchlist').waitFor({ timeout: 20000 });
    await page.getByTestId('index-strip').waitFor({ timeout: 20000 });
    expect(times(calls, 'market/watchlist?')).toBe(1);
    expect(times(calls, 'market/indices?')).toBe(1);
    expect(await untaken(page)).toEqual([]);
  });

  it("stock details: the quote, the book and the day's chart of the code in the address go once each", async () => {
    const calls = recordApiCalls(page);
    await openRoute(page, routeTo('stockDetail', { code: TOYOTA }));
    await page.getByTestId('depth-book').waitFor({ timeout: 20000 });
    await page.locator('[data-testid="kline-chart"][data-interval="timeshare"] [role="img"] svg').first().waitFor({ timeout: 20000 });
    expect(calls.filter((call) => call.startsWith('market/quote?'))).toEqual([`market/quote?code=${TOYOTA}`]);
    expect(calls.filter((call) => call.startsWith('market/depth?'))).toEqual([`market/depth?code=${TOYOTA}`]);
    expect(calls.filter((call) => call.startsWith('market/klines?'))).toEqual([`market/klines?adjust=none&code=${TOYOTA}&interval=timeshare`]);
    expect(await untaken(page)).toEqual([]);
  });

  it('market on another board: only what that board shows is asked for', async () => {
    const calls = recordApiCalls(page);
    await openRoute(page, `${ROUTES.market}?board=losers`);
    await page.getByTestId('board-losers-list').locator('[data-testid^="quote-row-"]').first().waitFor({ timeout: 30000 });
    expect(calls.filter((call) => call.startsWith('market/rankings?'))).toEqual(['market/rankings?limit=20&type=losers']);
    expect(times(calls, 'market/indices?')).toBe(1);
    expect(await untaken(page)).toEqual([]);
  });
});
