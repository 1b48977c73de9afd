// The investment trust on real screens against a real server of the spec's own, whose business
// clock starts on Monday 2026-11-02 09:00 JST (KABUTO_MARKET_CLOCK_START). A leader's first venue
// fill that day; the operator moves the demo clock 32 days on (the 30-day history rule), the
// leader publishes the strategy, and the operator sets up a trust following it (ops CLI, audited).
// A customer subscribes ¥1,000,000 on the trust page with the fund password before the close: the
// request waits for the next NAV (blind pricing). The operator moves the clock past the close to
// the next business day: the NAV of the subscription day is published and the page shows the
// units. The leader buys again; the trust's own account mirrors it at the venue and the next NAV
// publishes the holding. A second subscription is cancelled on the page before its cut-off (the
// confirm in tw and jp, then confirmed in en: the request shown cancelled, the units unchanged).
// Then the customer redeems every unit; the trust's cash does not cover them, so the next NAV
// prices the redemption and the trust owes it: the row, the message and the wallet line say so.
// The trust pages in tw, jp and en (screenshots) at 390×844.
import type { Browser, Page } from 'playwright-core';
import { routeTo } from '@kabuto/shared-sdk/routes';
import type { StrategyView, TrustDetail, TrustMine } from '@kabuto/shared-sdk/schemas';
import { callApi, messagesOf, mustCall } from '../support/api';
import { screenshot } from '../support/browser';
import { advanceTo, until } from '../support/business-clock';
import { FUND_PASSWORD, fundedCustomer, fundedPhone, type Customer } from '../support/money';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt } from '../support/session';
import { waitForContinuousTrading } from '../support/venue';

const START = '2026-11-02T09:00:00+09:00';
/** 32 days after the leader's first fill: the 30-day history rule is met. */
const PUBLISH_DAY = '2026-12-04';
const NEXT_DAY = '2026-12-07';
const DAY_AFTER = '2026-12-08';
const PAYMENT_DAY = '2026-12-09';
const CODE = '7203';
const JOURNEY_MS = 20 * 60_000;

async function leaderBuys(page: Page, lots: number): Promise<void> {
  await waitForContinuousTrading(page, CODE);
  const placed = await callApi(page, 'trade/place', {
    code: CODE,
    side: 'buy',
    product: 'cash',
    orderType: 'market',
    lots: String(lots),
    fundPassword: FUND_PASSWORD,
    idempotencyKey: `e2e-trust-leader-${Date.now()}`,
  });
  expect(placed.status).toBe(1);
}

ownServerForThisFile(START, ['deposit']);

describe('the investment trust over demo business days', () => {
  let browser: Browser;
  let leader: Page;
  let customer: Customer;

  beforeAll(async () => {
    ({ browser, page: leader } = await fundedPhone(4_000_000));
    customer = await fundedCustomer(browser, 2_000_000);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'subscribe on the trust page → NAV after the close → units shown; the trust mirrors the leader at the venue; tw, jp, en',
    async () => {
      await leaderBuys(leader, 1);
      advanceTo(PUBLISH_DAY, 'e2e: the leader has 30 days of history');
      const strategy = await mustCall<StrategyView>(leader, 'strategy/optIn', {
        name: 'E2E Toyota',
        description: 'Buys Toyota on the simulated venue.',
        riskNotes: 'One stock; simulated venue.',
        idempotencyKey: `e2e-trust-optin-${Date.now()}`,
      });
      expect(strategy).toMatchObject({ status: 'active', simulated: true });
      const created = ops(
        'trust-create',
        String(strategy.id),
        '--name',
        'E2E Trust',
        '--fee-bp',
        '100',
        '--minimum',
        '100000',
        '--reason',
        'e2e: a trust following the strategy',
      );
      const id = Number(/#(\d+)/.exec(created)?.[1]);
      expect(id).toBeGreaterThan(0);
      expect(ops('trust-list')).toContain('E2E Trust');

      // The list, then the trust page: no NAV yet; subscribe ¥1,000,000 with the fund password.
      const page = customer.page;
      await openAt(page, routeTo('trusts'));
      await page.locator(`[data-testid="trust-card"][data-trust-id="${id}"]`).click();
      await page.getByTestId('trust-page').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('trust-simulated').textContent()).resolves.toContain('Simulated');
      await page.locator('[data-testid="trust-subscribe-value"] input').fill('1000000');
      await page.locator('[data-testid="trust-subscribe-fund-password"] input').fill(FUND_PASSWORD);
      await page.getByTestId('trust-subscribe-submit').click();
      await page.getByTestId('trust-subscribe-accepted').waitFor({ timeout: 30000 });
      await page.locator('[data-testid="trust-request"][data-status="pending"]').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('trust-my-units').textContent()).resolves.toBe('0 units');
      await screenshot(page, 'trust-subscribed-pending-en');

      // Past the close to the next business day: the NAV of the subscription day, then the units.
      advanceTo(NEXT_DAY, 'e2e: past the close, the NAV is published');
      const mine = await until(
        () => mustCall<TrustMine>(page, 'strategy/trust/mine', { id: String(id) }),
        (m) => m.units !== '0',
        90_000,
        'filling the subscription at the NAV',
      );
      expect(mine).toMatchObject({ units: '1000000', requests: [{ status: 'filled', navDate: PUBLISH_DAY, nav: { minor: '10000' }, filledUnits: '1000000' }] });
      await page.reload();
      await page.getByTestId('trust-page').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('trust-my-units').textContent()).resolves.toBe('1,000,000 units');
      await expect(page.getByTestId('trust-nav').textContent()).resolves.toContain('¥10,000');
      await screenshot(page, 'trust-units-en');

      // The leader buys again: the trust's account mirrors it at the venue; the next NAV publishes the holding.
      await leaderBuys(leader, 10);
      advanceTo(DAY_AFTER, 'e2e: the next NAV values the mirrored holding');
      const detail = await until(
        () => mustCall<TrustDetail>(page, 'strategy/trust/detail', { id: String(id) }),
        (d) => d.history.length >= 2 && d.holdings.length > 0,
        90_000,
        'publishing the mirrored holding',
      );
      expect(detail.holdings[0]).toMatchObject({ code: CODE });
      expect(Number(detail.feesAccrued.minor)).toBeGreaterThan(0);

      // 09:00 on a business day: a subscription now is priced at today's NAV and cancellable until 15:30.
      const second = await mustCall<TrustMine>(page, 'strategy/trust/subscribe', {
        id: String(id),
        amount: '100000',
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-trust-second-${Date.now()}`,
      });
      expect(second.requests[0]).toMatchObject({ status: 'pending', navDate: DAY_AFTER });

      for (const lang of ['tw', 'jp', 'en'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, routeTo('trust', { id }));
          await langPage.getByTestId('trust-holding').first().waitFor({ timeout: 30000 });
          await langPage.getByTestId('trust-nav-chart').waitFor({ timeout: 30000 });
          await screenshot(langPage, `trust-detail-${lang}`);
          await langPage.getByTestId('trust-request-cancel').click();
          const confirm = langPage.getByTestId('trust-cancel-confirm');
          await confirm.scrollIntoViewIfNeeded();
          await screenshot(langPage, `trust-cancel-confirm-${lang}`);
          if (lang !== 'en') await langPage.getByTestId('trust-cancel-no').click();
          else {
            await langPage.getByTestId('trust-cancel-yes').click();
            const cancelled = langPage.locator('[data-testid="trust-request"][data-status="cancelled"]');
            await cancelled.waitFor({ timeout: 30000 });
            await cancelled.scrollIntoViewIfNeeded();
            await screenshot(langPage, 'trust-cancelled-en');
          }
          await openAt(langPage, routeTo('trusts'));
          await langPage.getByTestId('trust-card').first().waitFor({ timeout: 30000 });
          await screenshot(langPage, `trust-list-${lang}`);
        });
      }
      const after = await mustCall<TrustMine>(page, 'strategy/trust/mine', { id: String(id) });
      expect(after.requests[0]).toMatchObject({ id: second.requests[0]?.id, status: 'cancelled' });
      expect(after.units).toBe('1000000');

      // The customer redeems every unit on the page. The trust's cash is short of their price (it
      // holds the mirrored shares): at the NAV the redemption is priced and owed, the row says so,
      // a message names the yen owed, and the wallet carries it until the trust's sales pay it.
      await openAt(page, routeTo('trust', { id }));
      await page.getByTestId('trust-redeem-form').waitFor({ timeout: 30000 });
      await page.locator('[data-testid="trust-redeem-value"] input').fill('1000000');
      await page.locator('[data-testid="trust-redeem-fund-password"] input').fill(FUND_PASSWORD);
      await page.getByTestId('trust-redeem-submit').click();
      await page.getByTestId('trust-redeem-accepted').waitFor({ timeout: 30000 });
      advanceTo(PAYMENT_DAY, 'e2e: the NAV prices the redemption');
      const priced = await until(
        () => mustCall<TrustMine>(page, 'strategy/trust/mine', { id: String(id) }),
        (m) => m.requests[0]?.kind === 'redeem' && m.requests[0].status !== 'pending',
        90_000,
        'pricing the redemption at the NAV',
      );
      expect(priced.requests[0]).toMatchObject({ kind: 'redeem', status: 'priced', navDate: DAY_AFTER, filledUnits: '1000000' });
      expect(priced.units).toBe('0');
      const owed = BigInt(priced.requests[0]?.cash?.minor ?? '0');
      expect(owed).toBeGreaterThan(0n);
      const wallet = await mustCall<{ escrow: { source: string; amount: { minor: string } }[] }>(page, 'funds/wallet', {});
      expect(wallet.escrow).toContainEqual(
        expect.objectContaining({ source: 'trust-redemption', amount: expect.objectContaining({ minor: owed.toString() }) }),
      );
      const [note] = await messagesOf(page, 'strategy_trust_redemption_owed');
      if (!note) throw new Error('no message for the owed redemption');
      await openAt(page, routeTo('messageDetail', { id: note.id }));
      await expect(page.getByTestId('message-detail').textContent()).resolves.toContain(`¥${owed.toLocaleString('en-US')}`);
      // The header asks for the clock again on the page change: it reads the day the operator moved it to.
      await page.getByTestId('simulated-clock').filter({ hasText: PAYMENT_DAY }).waitFor({ timeout: 10000 });
      await screenshot(page, 'trust-redemption-owed-message-en');
      for (const lang of ['tw', 'jp', 'en'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, routeTo('trust', { id }));
          const row = langPage.locator('[data-testid="trust-request"][data-status="priced"]');
          await row.waitFor({ timeout: 30000 });
          await row.scrollIntoViewIfNeeded();
          await screenshot(langPage, `trust-redemption-owed-${lang}`);
        });
      }
    },
    JOURNEY_MS,
  );
});
