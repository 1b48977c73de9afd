// Conditional orders on real screens against the real server and its simulated venue (a stop
// order triggers after a controlled price move, state shown). Stock details
// → the order ticket → "Stop" with a buy stop above the last price → waiting on Positions → a
// market buy on the venue (the controlled move; the participants' own trades may reach the stop
// first, which is the same rule) → the stop triggers once, its child order fills, and Positions
// and the child's position detail show the state. Screenshots of the ticket and the list in
// tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import { launchPhone, screenshot } from '../support/browser';
import { openFundsWindowsAllDay, ops } from '../support/ops-cli';
import { callApi, mustCall } from '../support/api';
import { FUND_PASSWORD, fundAccount } from '../support/money';
import { inLanguage, openAt, signInAtLocalhost } from '../support/session';
import { TOYOTA, quote, waitForContinuousTrading, yenText } from '../support/venue';
import { tradeText, type TradeLang } from './trading-helpers';

const JOURNEY_MS = 12 * 60_000;
/** 14:30 JST: the journey (up to 12 minutes, and a special quote's 3) still ends before the closing auction at 15:25. */
const LATEST_START_MINUTE = 14 * 60 + 30;

interface Leg {
  id: number;
  state: string;
  triggerPrice: string | null;
  triggerTradePrice: string | null;
  positionId: number | null;
  childOrderId: number | null;
}
interface Group {
  id: number;
  kind: string;
  state: string;
  legs: Leg[];
}

function conditionals(page: Page): Promise<Group[]> {
  return mustCall<Group[]>(page, 'trade/conditional/list', {});
}

/**
 * A buy stop on Toyota placed through the ticket (Stop chosen, the fund password when asked), its
 * trigger one tick above the last price: answers it as listed, or undefined after four refusals.
 */
async function placeStopOnTicket(page: Page): Promise<Group | undefined> {
  let placed: Group | undefined;
  // A full load, as a customer opening the page: a tap on Buy while the page is still coming in
  // from another screen can be lost (seen when the stop is placed again from Positions).
  await openAt(page, routeTo('stockDetail', { code: TOYOTA }));
  await page.reload();
  await page.getByTestId('shares-details').waitFor({ timeout: 30000 });
  await page.getByTestId('trade-buy').click();
  const ticket = page.getByTestId('order-ticket');
  await ticket.waitFor({ timeout: 30000 });
  await ticket.getByTestId('ticket-kind-choice').getByText(tradeText('cond.kind.stop'), { exact: true }).click();
  await expect(ticket.getByTestId('ticket-kind-note').textContent()).resolves.toBe(tradeText('cond.note.stop'));

  // The stop one tick above the last price, the nearest a buy stop may be: any buy that lifts
  // an ask above the last trade reaches it. (A stop at the best ask could sit beyond the
  // renewal interval of a thin book, where a market buy only shows a special quote.)
  for (let attempt = 0; attempt < 4 && !placed; attempt++) {
    const info = await waitForContinuousTrading(page);
    const q = await quote(page);
    const last = q.last ?? q.previousClose;
    const tick = Math.round(Number(info.tick) * 10);
    const trigger = last + tick;
    await ticket.getByTestId('ticket-trigger-price').locator('input').fill(yenText(trigger));
    await screenshot(page, 'conditional-ticket-stop-en');
    await page.getByTestId('ticket-submit').click();
    const confirm = page.getByTestId('ticket-confirm');
    if (await confirm.isVisible().catch(() => false)) {
      await page.getByTestId('ticket-fund-password').locator('input').fill(FUND_PASSWORD);
      await page.getByTestId('ticket-submit').click();
    }
    const shown = page.getByTestId('ticket-conditional-placed');
    const refused = page.getByTestId('ticket-error');
    await Promise.race([shown.waitFor({ timeout: 20000 }), refused.waitFor({ timeout: 20000 })]);
    if (await shown.isVisible()) {
      const id = Number(await shown.getAttribute('data-id'));
      placed = (await conditionals(page)).find((g) => g.id === id);
    }
    // Else the market moved past the stop meanwhile (refused as on the wrong side): read the quote again.
  }
  return placed;
}

describe('conditional orders on the simulated venue', () => {
  let browser: Browser;
  let page: Page;
  let stop: Group | undefined;

  beforeAll(async () => {
    openFundsWindowsAllDay(['deposit']);
    ({ browser, page } = await launchPhone({ lang: 'en' }));
    const account = await signInAtLocalhost(page);
    // The stop is a day order and the move may meet a special quote's 3 minutes: the journey needs
    // most of a session ahead. Nearer the close than that (the demo clock follows the wall clock),
    // the operator moves the business clock to the next business day's open, as in a demo; this
    // worker's later files take the clock as they find it.
    const clock = (await mustCall<{ jstTime: string }>(page, 'common/clock', {})).jstTime;
    const [hour = 0, minute = 0] = clock.split(':').map(Number);
    if (hour * 60 + minute >= LATEST_START_MINUTE) ops('clock-advance', '--reason', 'e2e: a whole session for the stop journey');
    // The channel's maximum: the controlled move below may have to buy through several asks.
    await fundAccount(page, account, 10_000_000);
  });
  afterAll(async () => browser.close());

  it('refuses a buy stop at or below the last price with the rule and the prices, nothing saved', async () => {
    await openAt(page, routeTo('stockDetail', { code: TOYOTA }));
    await waitForContinuousTrading(page);
    const q = await quote(page);
    const last = q.last ?? q.previousClose;
    const answer = await callApi(page, 'trade/conditional/place', {
      kind: 'stop',
      code: TOYOTA,
      side: 'buy',
      product: 'cash',
      lots: '1',
      triggerPrice: yenText(last - 100),
      fundPassword: FUND_PASSWORD,
      idempotencyKey: `e2e-cond-bad-${Date.now()}`,
    });
    expect(answer).toMatchObject({ status: 0, msg: MSG.stopPriceWrongSide, data: { rule: 'buy-stop-above-last' } });
    expect(await conditionals(page)).toEqual([]);
  });

  it(
    'a buy stop placed on the ticket waits, triggers after a controlled price move, and its order fills; the state is shown',
    async () => {
      stop = await placeStopOnTicket(page);
      expect(stop).toMatchObject({ kind: 'stop' });
      let triggerPrice = Number(stop?.legs[0]?.triggerPrice);

      // Waiting on Positions (unless the participants' trades already reached it).
      await openAt(page, ROUTES.positions);
      let card = page.locator(`[data-testid="conditional-order"][data-id="${stop?.id}"]`);
      await card.waitFor({ timeout: 20000 });

      // The controlled move: a market buy lifts the asks in the book up to the stop, so its last
      // shares trade at or above it. The simulated market drifts, so the asks below the stop are
      // read from the book first (a one-lot buy after a drift down traded below the stop, and the
      // stop can stay waiting), and the buy takes all of them and one lot more, as far as the
      // buying power pays while keeping one lot's hold for the stop's own order (a fixed three
      // lots can fall short of a busier book and then run out of cash).
      // A buy the venue refuses (the phase turned between the check and the order) is tried
      // again; what is tested is the stop, and the refusals are shown if it never fires. When
      // the market has fallen so far from the stop that the buying power cannot lift it back
      // (seen in CI: the asks below the stop cost more than the 10,000,000 yen deposited), the
      // stop is cancelled and placed again on the ticket, one tick above the new last price.
      const moveRefusals: string[] = [];
      let placedAgain = 0;
      for (let attempt = 0; attempt < 8; attempt++) {
        const now = (await conditionals(page)).find((g) => g.id === stop?.id);
        if (now && now.state !== 'waiting') break;
        await waitForContinuousTrading(page);
        const book = (await callApi(page, 'market/depth', { code: TOYOTA })).data as { asks: { price: number; quantity: number }[] };
        const belowStop = book.asks.filter((a) => a.price < triggerPrice * 10).reduce((shares, a) => shares + a.quantity, 0);
        const power = (await callApi(page, 'trade/buyingPower', {})).data as { buyingPower: { minor: string } };
        const lotHold = ((await quote(page)).upperLimit / 10) * 100;
        const affordable = Math.floor(Number(power.buyingPower.minor) / lotHold) - 1;
        const lots = Math.ceil(belowStop / 100) + 1;
        if (lots > affordable && placedAgain < 3) {
          // Refused when it fired meanwhile: the next attempt sees that.
          if ((await callApi(page, 'trade/conditional/cancel', { id: String(stop?.id) })).status !== 1) continue;
          stop = await placeStopOnTicket(page);
          expect(stop).toMatchObject({ kind: 'stop' });
          triggerPrice = Number(stop?.legs[0]?.triggerPrice);
          card = page.locator(`[data-testid="conditional-order"][data-id="${stop?.id}"]`);
          placedAgain += 1;
          continue;
        }
        const placed = await callApi(page, 'trade/place', {
          code: TOYOTA,
          side: 'buy',
          product: 'cash',
          orderType: 'market',
          lots: String(Math.max(1, Math.min(affordable, lots))),
          fundPassword: FUND_PASSWORD,
          idempotencyKey: `e2e-cond-move-${Date.now()}-${attempt}`,
        });
        if (placed.status !== 1) {
          moveRefusals.push(placed.msg);
          continue;
        }
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline && (await conditionals(page)).find((g) => g.id === stop?.id)?.state === 'waiting') await page.waitForTimeout(1000);
      }
      // Triggered exactly once, by a trade at or above the stop; then its market order fills. A
      // buy that met a gap wider than the renewal interval waits as a special quote, which trades
      // at the latest after its 3 minutes (§2.4), one interval up: at or above a one-tick stop.
      const deadline = Date.now() + 4 * 60_000;
      let fired = (await conditionals(page)).find((g) => g.id === stop?.id);
      while (Date.now() < deadline && fired?.state !== 'filled') {
        await page.waitForTimeout(1000);
        fired = (await conditionals(page)).find((g) => g.id === stop?.id);
      }
      if (fired?.state !== 'filled') {
        // What the market did, to tell a venue rule from a fault when this fails.
        const book = (await callApi(page, 'market/depth', { code: TOYOTA })).data;
        throw new Error(
          `stop ${JSON.stringify(fired)} not filled (placed again ${placedAgain} times); move refusals ${JSON.stringify(moveRefusals)}; quote ${JSON.stringify(await quote(page))}; book ${JSON.stringify(book)}`,
        );
      }
      const leg = fired?.legs[0];
      expect(Number(leg?.triggerTradePrice)).toBeGreaterThanOrEqual(triggerPrice);
      expect(leg?.childOrderId).toBeGreaterThan(0);
      stop = fired;

      await openAt(page, ROUTES.positions);
      await page.reload();
      await card.waitFor({ timeout: 20000 });
      await expect(card.getAttribute('data-state')).resolves.toBe('filled');
      await expect(card.getByTestId('conditional-state').textContent()).resolves.toBe(tradeText('cond.state.filled'));

      // The child is a normal position: holding, with the conditional order on its detail.
      await openAt(page, routeTo('positionDetail', { id: leg?.positionId ?? 0 }));
      const detail = page.locator(`[data-testid="position-detail"][data-id="${leg?.positionId}"]`);
      await detail.waitFor({ timeout: 20000 });
      await detail.locator(`[data-testid="conditional-order"][data-id="${stop?.id}"][data-state="filled"]`).waitFor({ timeout: 20000 });
      await expect(detail.getAttribute('data-status')).resolves.toBe('holding');
    },
    JOURNEY_MS,
  );

  it.each<TradeLang>(['tw', 'jp', 'en'])(
    'screens in %s: the ticket with Stop chosen, Positions and the position detail with the state',
    async (lang) => {
      await inLanguage(browser, page, lang, async (langPage) => {
        await openAt(langPage, routeTo('stockDetail', { code: TOYOTA }));
        await langPage.getByTestId('shares-details').waitFor({ timeout: 30000 });
        await langPage.getByTestId('trade-buy').click();
        const ticket = langPage.getByTestId('order-ticket');
        await ticket.waitFor({ timeout: 30000 });
        await ticket.getByTestId('ticket-kind-choice').getByText(tradeText('cond.kind.stop', lang), { exact: true }).click();
        await ticket.getByTestId('ticket-kind-note').scrollIntoViewIfNeeded();
        await screenshot(langPage, `conditional-ticket-${lang}`);

        await openAt(langPage, ROUTES.positions);
        const card = langPage.locator(`[data-testid="conditional-order"][data-id="${stop?.id}"]`);
        await card.waitFor({ timeout: 20000 });
        await expect(card.getByTestId('conditional-state').textContent()).resolves.toBe(tradeText('cond.state.filled', lang));
        await card.scrollIntoViewIfNeeded();
        await screenshot(langPage, `conditional-positions-${lang}`);

        await openAt(langPage, routeTo('positionDetail', { id: stop?.legs[0]?.positionId ?? 0 }));
        const detailCard = langPage.locator(`[data-testid="conditional-order"][data-id="${stop?.id}"]`);
        await detailCard.waitFor({ timeout: 20000 });
        await detailCard.scrollIntoViewIfNeeded();
        await screenshot(langPage, `conditional-detail-${lang}`);
      });
    },
    120_000,
  );
});
