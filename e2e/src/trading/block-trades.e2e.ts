// Block trades on real screens against the real server: the operator
// stocks the broker's inventory (audited opening balance) and publishes an offer at −3 % of the
// previous close (ops CLI) → a customer opens the block trades tab of the day-trading page → a
// buy below ¥1,500,000 is refused with the rule and both amounts (on screen, and by the server
// with the amounts in its answer) → a buy within the rules succeeds → the shares are an
// off-auction holding on the positions tab and in the position detail. Screens in en, tw, jp.
import type { Browser, Page } from 'playwright-core';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import { launchBrowser, newPhoneContext, screenshot } from '../support/browser';
import { ops, openFundsWindowsAllDay } from '../support/ops-cli';
import { callApi } from '../support/api';
import { FUND_PASSWORD, fundedCustomer, type Customer } from '../support/money';
import { openAt, signInAtLocalhost } from '../support/session';
import { tradeText, type TradeLang } from './trading-helpers';

const CODE = '6758';
const DEPOSIT_YEN = 5_000_000;
const JOURNEY_MS = 6 * 60_000;

interface Offer {
  id: number;
  price: string;
  minShares: number;
  minAmount: { minor: string };
  status: string;
}

async function offerOf(page: Page, id: number): Promise<Offer> {
  const answer = await callApi(page, 'block/list', { size: '50' });
  if (answer.status !== 1) throw new Error(`block/list refused: ${answer.msg}`);
  const offer = (answer.data as { list: Offer[] }).list.find((o) => o.id === id);
  if (!offer) throw new Error(`offer ${id} not listed`);
  return offer;
}

/** Block trades tab → the offer's card (loaded afresh: a hash change keeps the cached list). */
async function openOffer(page: Page, id: number) {
  await openAt(page, `${ROUTES.openingAuction}?tab=block`);
  await page.reload();
  const card = page.locator(`[data-testid="block-offer"][data-offer-id="${id}"]`);
  await card.waitFor({ timeout: 30000 });
  return card;
}

async function setShares(page: Page, shares: number): Promise<void> {
  await page.getByTestId('block-shares').locator('input').fill(String(shares));
}

const grouped = (n: number | bigint) => n.toLocaleString('en-US');

describe('block trades', () => {
  let browser: Browser;
  let buyer: Customer;
  let offerId: number;

  beforeAll(async () => {
    openFundsWindowsAllDay(['deposit']);
    browser = await launchBrowser();
    buyer = await fundedCustomer(browser, DEPOSIT_YEN, 'en');
    ops('block-stock', CODE, '20000', '--reason', 'e2e: desk inventory (simulated)');
    const out = ops(
      'block-publish',
      CODE,
      '--percent',
      '-3',
      '--quantity',
      '20000',
      '--daily',
      '20000',
      '--max',
      '20000',
      '--lockup',
      '2',
      '--closes-in',
      '3600',
      '--reason',
      'e2e',
    );
    const id = /#(\d+)/.exec(out)?.[1];
    if (!id) throw new Error(`no offer id in: ${out}`);
    offerId = Number(id);
  }, JOURNEY_MS);
  afterAll(async () => browser.close());

  it(
    'below the minimum is refused with the amounts; within the rules it fills off-auction and shows in positions',
    async () => {
      const { page } = buyer;
      const offer = await offerOf(page, offerId);
      expect(offer.status).toBe('open');
      const price = Number(offer.price);
      const minAmount = Number(offer.minAmount.minor);
      expect(minAmount).toBe(1_500_000);
      const within = Math.max(offer.minShares, Math.ceil(minAmount / price / 100) * 100);

      // Below ¥1,500,000 (or, for a price above ¥5,000, below 300 shares): the server's answer names the rule and amounts.
      const below = within - 100;
      const refused = await callApi(page, 'block/buy', {
        offerId: String(offerId),
        shares: String(below),
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-${Date.now()}`,
      });
      expect(refused.status).toBe(0);
      const rule = below < offer.minShares ? 'minimum-shares' : 'minimum-amount';
      expect(refused.data).toMatchObject(
        rule === 'minimum-amount' ? { rule, minimum: String(minAmount), amount: String(price * below) } : { rule, minimum: offer.minShares, shares: below },
      );

      // On screen: the list, the sheet, the same refusal with the amounts.
      const card = await openOffer(page, offerId);
      await screenshot(page, 'block-trades-list-en');
      await card.getByTestId('block-offer-buy').click();
      await page.getByTestId('block-sheet').waitFor();
      await setShares(page, below);
      await page.getByTestId('block-fund-password').locator('input').fill(FUND_PASSWORD);
      await page.getByTestId('block-submit').click();
      const detail = page.getByTestId('block-error-detail');
      await detail.waitFor();
      expect((await detail.textContent())?.trim()).toBe(
        rule === 'minimum-amount'
          ? tradeText('block.rule.minimum-amount', 'en', { minimum: grouped(minAmount), amount: grouped(price * below) })
          : tradeText('block.rule.minimum-shares', 'en', { minimum: grouped(offer.minShares), shares: grouped(below) }),
      );
      await screenshot(page, 'block-trades-below-minimum-en');

      // Within the rules: bought, off-auction, the position is there.
      await setShares(page, within);
      await page.getByTestId('block-submit').click();
      const bought = page.getByTestId('block-bought');
      await bought.waitFor({ timeout: 20000 });
      expect(await bought.textContent()).toContain(`Bought ${grouped(within)} shares of ${CODE} off-auction`);
      await screenshot(page, 'block-trades-bought-en');
      const positionId = await bought.getAttribute('data-position-id');
      expect(positionId).toBeTruthy();

      await openAt(page, routeTo('positionDetail', { id: Number(positionId) }));
      await page.getByTestId('detail-fill-off-auction').waitFor({ timeout: 20000 });
      expect(await page.getByTestId('detail-fill').first().getAttribute('data-trade-id')).toMatch(/^block-\d+$/);
      await page.getByTestId('detail-fills').scrollIntoViewIfNeeded();
      await screenshot(page, 'block-trades-position-detail-en');

      await openAt(page, ROUTES.positions);
      await page.getByTestId('positions-status-holding').click();
      const row = page.locator(`[data-testid="position-row"][data-id="${positionId}"]`);
      await row.waitFor({ timeout: 20000 });
      expect(await row.getByTestId('position-off-auction').count()).toBe(1);
      await screenshot(page, 'block-trades-positions-en');

      // My block buys on the tab.
      await openOffer(page, offerId);
      await page.locator(`[data-testid="block-purchase"][data-position-id="${positionId}"]`).waitFor({ timeout: 20000 });
    },
    JOURNEY_MS,
  );

  for (const lang of ['tw', 'jp'] as TradeLang[]) {
    it(`the tab and a refusal below the minimum in ${lang}`, async () => {
      const context = await newPhoneContext(browser, { lang });
      const page = await context.newPage();
      await signInAtLocalhost(page);
      const offer = await offerOf(page, offerId);
      const card = await openOffer(page, offerId);
      expect((await card.getByTestId('block-offer-status').textContent())?.trim()).toBe(tradeText('block.status.open', lang));
      await screenshot(page, `block-trades-list-${lang}`);
      await card.getByTestId('block-offer-buy').click();
      await page.getByTestId('block-sheet').waitFor();
      await setShares(page, Math.max(offer.minShares, Math.ceil(Number(offer.minAmount.minor) / Number(offer.price) / 100) * 100) - 100);
      await page.getByTestId('block-submit').click();
      await page.getByTestId('block-error-detail').waitFor();
      await screenshot(page, `block-trades-below-minimum-${lang}`);
      await context.close();
    });
  }
});
