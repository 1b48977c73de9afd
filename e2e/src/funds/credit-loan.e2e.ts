// A securities-backed loan on real screens against a real server of the spec's own (its business
// clock starts on a Tuesday at 09:00 JST, KABUTO_MARKET_CLOCK_START): a verified customer buys
// Toyota for cash, the operator passes two business days (T+2) so the holding settles and becomes
// collateral, the customer applies on pj for the largest amount the line allows, a second
// application is refused as pending, the operator approves it in the console, the customer's cash
// rises with the disbursement's postings, the price falls by a controlled move (the operator's
// simulated price shock, docs/credit.md §4) so the ratio reaches the shortfall mark and the notice
// arrives, a partial repayment on pj (after one above the loan is refused) brings the ratio back
// under 60 % with its postings, and jkjl shows the record with every spec field.
// Screenshots of pj, jkjl and the console in tw, jp and en.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import type { CreditSummary, LoanRecord, LoanRecordsPage, TransactionsPage, Wallet } from '@kabuto/shared-sdk/schemas';
import { FUNDS_TEXTS } from '../../../mf-funds/src/translations';
import { callApi, mustCall } from '../support/api';
import { newDesktopContext, screenshot, serverUrlByName } from '../support/browser';
import { signInToConsole } from '../support/console-sign-in';
import { messageText } from '../support/catalogue';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt } from '../support/session';
import { textFrom } from '../support/texts';
import { TOYOTA, waitForContinuousTrading } from '../support/venue';

type Lang = 'tw' | 'jp' | 'en';
const LANGS: readonly Lang[] = ['tw', 'jp', 'en'];
// Tuesday: T+2 is Thursday, and the shortfall's five business days end the next week.
const START = '2026-11-24T09:00:00+09:00';
const DEPOSIT_YEN = 4_000_000;
const LOTS = 10;
const JOURNEY_MS = 20 * 60_000;

function text(key: string, lang: Lang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(FUNDS_TEXTS, 'funds', key, lang, values);
}

function summaryOf(page: Page): Promise<CreditSummary> {
  return mustCall<CreditSummary>(page, 'credit/summary', {});
}

async function jpyCash(page: Page): Promise<bigint> {
  const wallet = await mustCall<Wallet>(page, 'funds/wallet', {});
  return BigInt(wallet.currencies.find((c) => c.currency === 'JPY')?.balance.minor ?? '0');
}

/** The summary once `ready` holds, asking every second (the monitor and settlement run on timers). */
async function summaryWhen(page: Page, ready: (s: CreditSummary) => boolean, withinMs: number, what: string): Promise<CreditSummary> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const summary = await summaryOf(page);
    if (ready(summary)) return summary;
    if (Date.now() > deadline)
      throw new Error(
        `credit summary never became ${what}: ${JSON.stringify({ state: summary.state, ratioBp: summary.ratioBp, line: summary.creditLine, collateral: summary.collateral })}`,
      );
    await page.waitForTimeout(1000);
  }
}

async function screensInEveryLanguage(browser: Browser, page: Page, name: string, route: string, ready: string): Promise<void> {
  for (const lang of LANGS) {
    await inLanguage(browser, page, lang, async (langPage) => {
      await openAt(langPage, route);
      await langPage.getByTestId(ready).waitFor({ timeout: 30000 });
      await screenshot(langPage, `${name}-${lang}`);
    });
  }
}

ownServerForThisFile(START, ['deposit', 'withdraw']);

describe('securities-backed loan (pj, jkjl, the console)', () => {
  let browser: Browser;
  let page: Page;
  let account: string;

  beforeAll(async () => {
    ({ browser, page, account } = await fundedPhone(DEPOSIT_YEN));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'apply → approved in the console → cash rises with postings → price falls → shortfall notice → repay part → under 60 %; jkjl shows the record',
    async () => {
      // Collateral: Toyota bought for cash, settled after two business days.
      await waitForContinuousTrading(page);
      const placed = await callApi(page, 'trade/place', {
        code: TOYOTA,
        side: 'buy',
        product: 'cash',
        orderType: 'market',
        lots: String(LOTS),
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-collateral-${Date.now()}`,
      });
      expect(placed.status).toBe(1);
      const unsettled = await summaryWhen(page, (s) => s.collateral.some((c) => c.code === TOYOTA), 60_000, 'holding Toyota');
      expect(unsettled.collateral.find((c) => c.code === TOYOTA)).toMatchObject({ eligible: false, excludedReason: 'unsettled' });
      expect(unsettled.creditLine.minor).toBe('0');
      ops('clock-advance', '--reason', 'e2e: T+1');
      ops('clock-advance', '--reason', 'e2e: T+2, the collateral settles');
      const settled = await summaryWhen(page, (s) => BigInt(s.creditLine.minor) > 0n, 30_000, 'with a credit line');
      expect(settled.collateral.find((c) => c.code === TOYOTA)).toMatchObject({ eligible: true, excludedReason: null });
      // One issue is all the collateral: the concentrated LTV (50 %) applies.
      expect(settled.ltvBp).toBe(settled.rules.concentratedLtvBp);

      // pj before the loan: the line, the gauge without a loan, the score with its inputs.
      await openAt(page, ROUTES.creditLoan);
      await page.getByTestId('credit-loan').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('credit-gauge').getAttribute('data-zone')).resolves.toBe('none');
      await expect(page.getByTestId('credit-score-value').textContent()).resolves.toBe(`${settled.score.score} / ${settled.score.max}`);

      // Bad input is refused on the form with the catalogue's message and nothing is sent.
      const borrow = page.getByTestId('borrow-form');
      await borrow.getByTestId('borrow-amount').locator('input').fill('105000');
      await borrow.getByTestId('borrow-fund-password').locator('input').fill(FUND_PASSWORD);
      await borrow.getByTestId('borrow-submit').click();
      await expect(borrow.getByTestId('borrow-error').textContent()).resolves.toBe(messageText('loanAmountNotStep', 'en'));

      // The largest amount the line allows now, in whole steps.
      const step = BigInt(settled.rules.step.minor);
      const amount = BigInt(settled.borrowable.minor) - (BigInt(settled.borrowable.minor) % step);
      await borrow.getByTestId('borrow-amount').locator('input').fill(String(amount));
      await borrow.getByTestId('borrow-reason').locator('textarea').fill('e2e: renovation');
      await borrow.getByTestId('borrow-submit').click();
      const pending = page.getByTestId('credit-pending');
      await pending.waitFor({ timeout: 20000 });
      const loanId = Number(await pending.getAttribute('data-id'));
      await screenshot(page, 'credit-loan-pending-en');

      // A second application while one is pending: refused as the spec says, shown as it comes.
      await borrow.getByTestId('borrow-amount').locator('input').fill(String(settled.rules.minimum.minor));
      await borrow.getByTestId('borrow-fund-password').locator('input').fill(FUND_PASSWORD);
      await borrow.getByTestId('borrow-submit').click();
      await expect(borrow.getByTestId('borrow-error').textContent()).resolves.toContain(messageText('loanPendingReview', 'en'));

      // The operator approves it in the console, from the queue with the customer's figures.
      const cashBefore = await jpyCash(page);
      const desktop = await (await newDesktopContext(browser)).newPage();
      await signInToConsole(desktop);
      await desktop.goto(`${serverUrlByName()}/ops/#/credit-loans`);
      const row = desktop.locator(`[data-row-key="${loanId}"]`);
      await row.waitFor({ timeout: 20000 });
      await expect(row.textContent()).resolves.toContain(account);
      await expect(row.textContent()).resolves.toContain('e2e: renovation');
      await screenshot(desktop, 'credit-loan-console-queue-en');
      await desktop.getByTestId(`credit-loan-approve-${loanId}`).click();
      const dialog = desktop.getByRole('dialog');
      await dialog.getByTestId('action-reason').fill('e2e: collateral and score checked');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await row.waitFor({ state: 'detached', timeout: 20000 });
      await desktop.context().close();

      // Cash rose by the amount, with the disbursement's postings in the records.
      expect((await jpyCash(page)) - cashBefore).toBe(amount);
      const postings = await mustCall<TransactionsPage>(page, 'funds/transactions', { currency: 'JPY', page: '1', size: '20' });
      const disbursed = postings.list.filter((p) => p.type === 'credit_loan_disbursed');
      expect(disbursed.map((p) => BigInt(p.amount.minor))).toContain(amount);
      await openAt(page, ROUTES.fundRecords);
      await page.getByText(text('journal.credit_loan_disbursed'), { exact: false }).first().waitFor({ timeout: 30000 });
      await screenshot(page, 'credit-loan-fund-records-en');

      const borrowed = await summaryOf(page);
      expect(borrowed.principal.minor).toBe(String(amount));
      expect(borrowed.ratioBp).not.toBeNull();
      expect(borrowed.ratioBp ?? 0).toBeLessThanOrEqual(borrowed.marks.drawLimitBp);
      await screensInEveryLanguage(browser, page, 'credit-loan-borrowed', ROUTES.creditLoan, 'credit-ratio');

      // The price falls by a controlled move: the operator's simulated shock takes Toyota's next
      // close down 33 % (on top of its own simulated move); two business days on, the collateral is
      // valued on that close and the monitor's step at the open gives the shortfall notice.
      expect(ops('market-shock', '--code', TOYOTA, '--percent', '-33', '--reason', 'e2e: a controlled fall of the collateral')).toMatch(/-33|−33/);
      ops('clock-advance', '--reason', 'e2e: the shocked close');
      ops('clock-advance', '--reason', 'e2e: valued on the shocked close');
      const short = await summaryWhen(page, (s) => s.state === 'shortfall' && s.shortfall !== null, 60_000, 'in shortfall');
      expect(short.ratioBp ?? 0).toBeGreaterThanOrEqual(short.marks.shortfallBp);
      expect(short.ratioBp ?? 0).toBeLessThanOrEqual(short.marks.forcedSaleBp);
      expect(ops('outbox', '--to', account, '--limit', '20')).toMatch(/Collateral shortfall|担保不足|擔保不足/);
      await openAt(page, ROUTES.messages);
      await page.locator('[data-testid="message-item"]').filter({ hasText: 'Collateral shortfall' }).first().waitFor({ timeout: 30000 });
      await openAt(page, ROUTES.creditLoan);
      await page.reload();
      const banner = page.getByTestId('credit-banner-shortfall');
      await banner.waitFor({ timeout: 30000 });
      await expect(banner.textContent()).resolves.toContain(`¥${Number(short.shortfall?.amountToCure.minor).toLocaleString('en-US')}`);
      await expect(page.getByTestId('credit-gauge').getAttribute('data-zone')).resolves.toBe('shortfall');
      await screensInEveryLanguage(browser, page, 'credit-loan-shortfall', ROUTES.creditLoan, 'credit-banner-shortfall');

      // Repay part on pj: more than is owed is refused with the catalogue's message first; then the
      // amount to cure and a step more, so the ratio ends under 60 %.
      const repayForm = page.getByTestId('repay-form');
      await repayForm
        .getByTestId('repay-amount')
        .locator('input')
        .fill(String(BigInt(short.outstanding.minor) + 1n));
      await repayForm.getByTestId('repay-fund-password').locator('input').fill(FUND_PASSWORD);
      await repayForm.getByTestId('repay-submit').click();
      await expect(repayForm.getByTestId('repay-error').textContent()).resolves.toBe(messageText('repaymentExceedsLoan', 'en'));
      const part = BigInt(short.shortfall?.amountToCure.minor ?? '0') + step;
      const cashBeforeRepay = await jpyCash(page);
      await repayForm.getByTestId('repay-amount').locator('input').fill(String(part));
      await repayForm.getByTestId('repay-submit').click();
      const cured = await summaryWhen(page, (s) => BigInt(s.outstanding.minor) < BigInt(short.outstanding.minor), 30_000, 'repaid in part');
      expect(BigInt(short.outstanding.minor) - BigInt(cured.outstanding.minor)).toBe(part);
      expect(cashBeforeRepay - (await jpyCash(page))).toBe(part);
      expect(cured.ratioBp ?? 0).toBeLessThan(cured.marks.drawLimitBp);
      expect(cured.state).toBe('normal');
      expect(cured.shortfall).toBeNull();
      const repayPostings = await mustCall<TransactionsPage>(page, 'funds/transactions', { currency: 'JPY', page: '1', size: '20' });
      expect(repayPostings.list.some((p) => p.type === 'credit_loan_repaid' && BigInt(p.amount.minor) === -part)).toBe(true);
      await page.reload();
      await page.getByTestId('credit-ratio').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('credit-gauge').getAttribute('data-zone')).resolves.toBe('normal');
      await screensInEveryLanguage(browser, page, 'credit-loan-repaid', ROUTES.creditLoan, 'credit-ratio');

      // jkjl: the record with every spec field, approved, with what was repaid.
      const records = await mustCall<LoanRecordsPage>(page, 'credit/records', { page: '1', size: '20' });
      const record = records.list.find((r: LoanRecord) => r.id === loanId);
      expect(record).toMatchObject({ status: 'approved', borrowed: { minor: String(amount) } });
      await openAt(page, ROUTES.loanRecords);
      const item = page.locator(`[data-testid="loan-record"][data-id="${loanId}"]`);
      await item.waitFor({ timeout: 30000 });
      await expect(item.getAttribute('data-status')).resolves.toBe('approved');
      await expect(item.getByTestId('loan-record-status').textContent()).resolves.toBe(text('records.status.approved'));
      expect(BigInt((await item.getByTestId('loan-record-repaid').textContent())?.replace(/[^\d]/g, '') ?? '0')).toBeGreaterThan(0n);
      await screensInEveryLanguage(browser, page, 'loan-records', ROUTES.loanRecords, 'loan-record');

      // Repay through the support chat (spec §1: the chat handles repayments): credit's own
      // repayment, a loan-repayment line in the chat, and the loan smaller by exactly that.
      const beforeChat = await mustCall<CreditSummary>(page, 'credit/summary', {});
      await openAt(page, ROUTES.supportChat);
      await page.getByTestId('chat-repay-open').click();
      const sheet = page.getByTestId('chat-repay-sheet');
      await sheet.getByTestId('chat-repay-amount').locator('input').fill(String(step));
      await sheet.getByTestId('chat-repay-fund-password').locator('input').fill(FUND_PASSWORD);
      await screenshot(page, 'support-chat-repay-form-en');
      await page.getByTestId('chat-repay-submit').click();
      const line = page.getByTestId('chat-repayment').last();
      await line.waitFor({ timeout: 30000 });
      await expect(line.textContent()).resolves.toContain(`¥${Number(step).toLocaleString('en-US')}`);
      const afterChat = await mustCall<CreditSummary>(page, 'credit/summary', {});
      expect(BigInt(beforeChat.outstanding.minor) - BigInt(afterChat.outstanding.minor)).toBe(step);
      await expect(line.getByTestId('chat-repayment-left').textContent()).resolves.toContain(Number(afterChat.outstanding.minor).toLocaleString('en-US'));
      await screensInEveryLanguage(browser, page, 'support-chat-repayment', ROUTES.supportChat, 'chat-repayment');
    },
    JOURNEY_MS,
  );
});
