// Stock lending (貸株) on real screens against a real server of the spec's own, whose business
// clock starts on Monday 2026-12-21 09:00 JST (KABUTO_MARKET_CLOCK_START): a verified customer
// buys Canon (a December year-end issue) for cash and opts in on the lending page with the risks
// accepted (rights first, the default). The operator passes the demo business days
// (`ops clock-advance`, each running the daily lending step at 15:45 on its way): the holding
// settles (T+2) and is lent, a fee accrues on each of two business days with its postings, and
// before the year-end record date (31 Dec, a market holiday: last cum-rights date Monday 28th)
// the shares are recalled at Friday 25th's step, so the customer holds them on the record date.
// Screenshots of the lending page in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import type { LendingHolding, LendingRecordsPage, LendingSummary, TransactionsPage } from '@kabuto/shared-sdk/schemas';
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { callApi, mustCall } from '../support/api';
import { screenshot } from '../support/browser';
import { messageText } from '../support/catalogue';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt } from '../support/session';
import { textFrom } from '../support/texts';
import { waitForContinuousTrading } from '../support/venue';

type Lang = 'tw' | 'jp' | 'en';
const START = '2026-12-21T09:00:00+09:00';
const CANON = '7751';
const LOTS = 5;
const JOURNEY_MS = 15 * 60_000;

function text(key: string, lang: Lang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(FUNDS_TEXTS, 'funds', key, lang, values);
}

function summaryOf(page: Page): Promise<LendingSummary> {
  return mustCall<LendingSummary>(page, 'lending/summary', {});
}

async function canonRow(page: Page): Promise<LendingHolding> {
  const row = (await summaryOf(page)).holdings.find((h) => h.code === CANON);
  if (!row) throw new Error('no Canon row on the lending summary');
  return row;
}

/** The business day the operator moves to, as the CLI prints it ('… → 2026-12-22 09:00 JST'). */
function advance(reason: string, expectedDay: string): void {
  expect(ops('clock-advance', '--reason', reason)).toContain(`${expectedDay} 09:00`);
}

ownServerForThisFile(START, ['deposit']);

describe('stock lending over demo business days', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await fundedPhone(3_000_000));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'opt in → lent once settled → a fee on each of two business days, posted → recalled before the record date (rights first)',
    async () => {
      await waitForContinuousTrading(page, CANON);
      const placed = await callApi(page, 'trade/place', {
        code: CANON,
        side: 'buy',
        product: 'cash',
        orderType: 'market',
        lots: String(LOTS),
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-lending-buy-${Date.now()}`,
      });
      expect(placed.status).toBe(1);

      // The lending page before opting in: the risks, the mode (rights first by default), opt in.
      await openAt(page, ROUTES.lending);
      const optIn = page.getByTestId('lending-opt-in');
      await optIn.waitFor({ timeout: 30000 });
      await page.locator(`[data-testid="lending-holding"][data-code="${CANON}"]`).waitFor({ timeout: 30000 });
      await expect(page.getByTestId('lending-risks').locator('li').count()).resolves.toBeGreaterThanOrEqual(2);
      // Interest first shows its tax warning before anyone picks it.
      await optIn.getByTestId('lending-mode-pick').getByText(text('lending.mode.interest-first'), { exact: true }).click();
      await expect(optIn.getByTestId('lending-mode-help-interest-first').textContent()).resolves.toContain('15.315');
      await optIn.getByTestId('lending-mode-pick').getByText(text('lending.mode.rights-first'), { exact: true }).click();
      // Without accepting the risks nothing is sent.
      await optIn.getByTestId('lending-opt-in-submit').click();
      await expect(optIn.getByTestId('lending-error').textContent()).resolves.toBe(messageText('lendingRisksNotAccepted', 'en'));
      await screenshot(page, 'stock-lending-opt-in-en');
      await optIn.getByTestId('lending-accept').click();
      await optIn.getByTestId('lending-opt-in-submit').click();
      await page.getByTestId('lending-enrolled').waitFor({ timeout: 20000 });
      await expect(page.getByTestId('lending-enrolled').getAttribute('data-mode')).resolves.toBe('rights-first');
      expect((await canonRow(page)).lentQuantity).toBe(0);

      // Monday's and Tuesday's steps: the buy is not settled yet (T+2), nothing is lent.
      advance('e2e: T+1', '2026-12-22');
      advance('e2e: T+2, the buy settles', '2026-12-23');
      expect((await canonRow(page)).lentQuantity).toBe(0);
      // Wednesday's step lends the settled holding in whole units.
      advance('e2e: the holding is lent', '2026-12-24');
      const lent = await canonRow(page);
      expect(lent).toMatchObject({ status: 'lent', lentQuantity: LOTS * 100 });
      expect(lent.nextLastCumDate).toBe('2026-12-28');
      // A fresh page: the summary the page read before the steps is not asked again on navigation.
      await page.reload();
      await page.locator(`[data-testid="lending-holding"][data-code="${CANON}"][data-status="lent"]`).waitFor({ timeout: 30000 });

      // Thursday's and Friday's steps: a fee accrues for each business day, each a posted journal.
      advance('e2e: the first fee day', '2026-12-25');
      advance('e2e: the second fee day and the recall', '2026-12-28');
      const records = await mustCall<LendingRecordsPage>(page, 'lending/records', { page: '1', size: '20' });
      const accruals = records.list.filter((r) => r.kind === 'accrual' && r.code === CANON);
      expect(accruals.map((r) => r.businessDate).sort()).toEqual(['2026-12-24', '2026-12-25']);
      const journalIds = new Set(accruals.map((r) => r.journalId));
      expect(journalIds.size).toBe(2);
      const accrued = accruals.reduce((sum, r) => sum + BigInt(r.amount.minor), 0n);
      const summary = await summaryOf(page);
      expect(BigInt(summary.totals.accrued.minor)).toBe(accrued);
      // A lent position earns 0 % on a day without a borrower; over two days the fee is the published
      // rate's (or 0 truthfully). Every yen of it is a posting the customer can see.
      const postings = await mustCall<TransactionsPage>(page, 'funds/transactions', { page: '1', size: '50' });
      for (const record of accruals.filter((r) => r.amount.minor !== '0')) expect(postings.list.some((p) => p.journalId === record.journalId)).toBe(true);

      // Rights first: Friday's step (one business day before the last cum date) recalled the shares,
      // so the customer holds them on the record date.
      const recalled = summary.holdings.find((h) => h.code === CANON);
      expect(recalled).toMatchObject({ status: 'recalled', lentQuantity: 0, excludedReason: 'rights-date' });
      await page.reload();
      const row = page.locator(`[data-testid="lending-holding"][data-code="${CANON}"][data-status="recalled"]`);
      await row.waitFor({ timeout: 30000 });
      await expect(row.getByTestId('lending-holding-excluded').textContent()).resolves.toBe(text('lending.excluded.rights-date'));
      for (const lang of ['tw', 'jp', 'en'] as const) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, ROUTES.lending);
          await langPage.locator(`[data-testid="lending-holding"][data-code="${CANON}"]`).waitFor({ timeout: 30000 });
          await screenshot(langPage, `stock-lending-recalled-${lang}`);
          // The records load as the list comes into view (infinite scroll).
          await langPage.getByTestId('lending-records').scrollIntoViewIfNeeded();
          await langPage.locator('[data-testid="lending-record"]').first().waitFor({ timeout: 30000 });
          await langPage.getByTestId('lending-records').scrollIntoViewIfNeeded();
          await screenshot(langPage, `stock-lending-records-${lang}`);
        });
      }
    },
    JOURNEY_MS,
  );
});
