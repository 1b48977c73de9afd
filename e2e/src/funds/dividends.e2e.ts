// Dividends on real screens against a real server of the spec's own, whose business clock starts on
// Monday 2026-12-21 09:00 JST (KABUTO_MARKET_CLOCK_START). The December year-end issues have their
// record date on 31 Dec (a market holiday): last cum-rights date Monday 28th, ex-date Tuesday 29th
// (TSE dates under T+2 [DV1][DV2]). A verified customer buys one of them for cash on the 21st (one
// that offers a perk, so the perk pages have data) and sells the same issue short on standard
// margin (制度信用). The operator moves the demo clock past the ex-date: the receivable is booked
// for the cash shares and the short's adjustment (配当落調整金, 84.685 % of the gross) is reserved;
// then to the payment date: the net dividend is paid into cash with its postings, the adjustment is
// settled. A split of the issue scheduled by the operator fills the splits page. Every dividend page
// renders its data in tw, jp and en (screenshots).
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import type {
  CorporateActionsPage,
  DividendAdjustmentDetail,
  DividendAdjustmentsPage,
  DividendCalendar,
  DividendCompany,
  DividendPaymentDetail,
  DividendPaymentsPage,
  PerksPage,
  TransactionsPage,
} from '@kabuto/shared-sdk/schemas';
import { callApi, mustCall } from '../support/api';
import { screenshot } from '../support/browser';
import { advanceTo, until } from '../support/business-clock';
import { FUND_PASSWORD, fundedPhone } from '../support/money';
import { ops } from '../support/ops-cli';
import { ownServerForThisFile } from '../support/own-server';
import { inLanguage, openAt } from '../support/session';
import { waitForContinuousTrading } from '../support/venue';
import { fundsText } from './funds-helpers';

type Lang = 'tw' | 'jp' | 'en';
const LANGS: readonly Lang[] = ['tw', 'jp', 'en'];
const START = '2026-12-21T09:00:00+09:00';
/** The December year-end issues of the universe (market/corporate-calendar): one record date for all. */
const DECEMBER_ISSUES = ['2502', '2503', '2914', '4452', '4519', '4911', '5108', '7272', '7751', '7752'];
const LAST_CUM = '2026-12-28';
const EX_DATE = '2026-12-29';
const SHORT_LOTS = 1;
const JOURNEY_MS = 25 * 60_000;

/** Yen text with one or two decimals ('45.0', '7.50') → tenths of a yen, exactly. */
function tenthsOf(dps: string): bigint {
  const [int = '0', frac = ''] = dps.split('.');
  return BigInt(int) * 10n + BigInt((frac + '0').slice(0, 1));
}

/** The published arithmetic (docs/dividends.md "Money"): floor the gross, floor each tax on its own. */
function expectedAmounts(dps: string, shares: number) {
  const gross = (tenthsOf(dps) * BigInt(shares)) / 10n;
  const incomeTax = (gross * 15315n) / 100000n;
  const residentTax = (gross * 5n) / 100n;
  return { gross, incomeTax, residentTax, net: gross - incomeTax - residentTax, adjustment: gross - incomeTax };
}

/** One phone context per language, signed in as the customer, opening each page until its data shows. */
async function everyPageInEveryLanguage(browser: Browser, page: Page, screens: readonly (readonly [string, string, string])[]): Promise<void> {
  for (const lang of LANGS) {
    await inLanguage(browser, page, lang, async (langPage) => {
      for (const [name, route, ready] of screens) {
        await openAt(langPage, route);
        await langPage.reload();
        await langPage.locator(`[data-testid="${ready}"]`).first().waitFor({ timeout: 30000 });
        await screenshot(langPage, `${name}-${lang}`);
      }
    });
  }
}

ownServerForThisFile(START, ['deposit']);

describe('dividends over demo business days', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await fundedPhone(5_000_000));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'buy before the last cum date → ex-date: receivable, short reserves its adjustment → payment date: net in cash with postings; every page in tw, jp, en',
    async () => {
      // The published schedule: a December issue that offers a perk, its next dividend dated as the TSE does.
      const companies = await Promise.all(DECEMBER_ISSUES.map((code) => mustCall<DividendCompany>(page, 'dividend/company', { code })));
      const company = companies.find((c) => c.perk !== null);
      if (!company?.perk) throw new Error('no December year-end issue offers a perk in this universe');
      const code = company.code;
      const event = company.ahead[0];
      if (!event) throw new Error(`no dividend ahead for ${code}`);
      expect(event).toMatchObject({ kind: 'year-end', recordDate: '2026-12-31', lastCumDate: LAST_CUM, exDate: EX_DATE, state: 'scheduled', simulated: true });
      const lots = Math.max(1, Math.ceil(company.perk.minShares / 100));
      const shares = lots * 100;

      // Monday 21st, before the last cum date: a cash buy, and a standard margin short of the same issue.
      await waitForContinuousTrading(page, code);
      const bought = await callApi(page, 'trade/place', {
        code,
        side: 'buy',
        product: 'cash',
        orderType: 'market',
        lots: String(lots),
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-dividend-buy-${Date.now()}`,
      });
      expect(bought.status).toBe(1);
      const applied = await callApi(page, 'trade/marginApply', {
        stockExperience: '1to3',
        financialAssets: '5to10m',
        annualIncome: '5to10m',
        objective: 'growth',
        riskAcknowledged: 'true',
        agree: 'true',
      });
      // A retry of this journey finds the account already open.
      if (applied.msg !== MSG.marginAlreadyEnabled) expect(applied.status).toBe(1);
      const shorted = await callApi(page, 'trade/place', {
        code,
        side: 'sell',
        product: 'margin',
        marginKind: 'standard',
        leverage: '3',
        orderType: 'market',
        lots: String(SHORT_LOTS),
        fundPassword: FUND_PASSWORD,
        idempotencyKey: `e2e-dividend-short-${Date.now()}`,
      });
      expect(shorted.status).toBe(1);

      // The calendar: the issue held, 付 and 落 on its dates, the projected amounts of the shares held.
      const calendar = await until(
        () => mustCall<DividendCalendar>(page, 'dividend/calendar', { scope: 'holdings' }),
        (c) => c.entries.some((e) => e.code === code && e.sharesHeld === shares),
        60_000,
        'showing the holding on the calendar',
      );
      const entry = calendar.entries.find((e) => e.code === code);
      const projected = expectedAmounts(event.dps, shares);
      expect(entry?.projected.gross.minor).toBe(String(projected.gross));
      expect(entry?.projected.net.minor).toBe(String(projected.net));
      expect(entry?.marginShortShares).toBe(SHORT_LOTS * 100);
      // The way in: the funds links under the deposit page lead to the calendar.
      await openAt(page, ROUTES.deposit);
      await page.getByTestId('link-dividends').click();
      await page.getByTestId('dividend-calendar').waitFor({ timeout: 30000 });
      const row = page.locator(`[data-testid="calendar-entry"][data-event="${event.id}"]`);
      await row.waitFor({ timeout: 30000 });
      await expect(row.getByTestId('mark-cum').textContent()).resolves.toBe(fundsText('div.mark.cum'));
      await expect(row.getByTestId('calendar-projected').textContent()).resolves.toContain(`¥${Number(projected.net).toLocaleString('en-US')}`);
      await screenshot(page, 'dividends-calendar-before-en');

      // Past the ex-date: the receivable for the cash shares, the short's adjustment reserved.
      advanceTo(EX_DATE, 'e2e: past the last cum date, the ex-date');
      const booked = await until(
        () => mustCall<DividendPaymentsPage>(page, 'dividend/received', { code }),
        (p) => p.list.some((item) => item.eventId === event.id),
        90_000,
        'booking the receivable',
      );
      const receivable = booked.list.find((item) => item.eventId === event.id);
      if (!receivable) throw new Error('no payment for the event');
      expect(receivable).toMatchObject({ state: 'receivable', basis: 'holding', shares, dps: event.dps });
      const amounts = expectedAmounts(event.dps, shares);
      expect([receivable.gross.minor, receivable.incomeTax.minor, receivable.residentTax.minor, receivable.net.minor]).toEqual(
        [amounts.gross, amounts.incomeTax, amounts.residentTax, amounts.net].map(String),
      );
      await openAt(page, routeTo('dividendDetail2', { id: receivable.id }));
      await page.getByTestId('payment-receivable-note').waitFor({ timeout: 30000 });
      await expect(page.getByTestId('amount-net').textContent()).resolves.toBe(`¥${Number(amounts.net).toLocaleString('en-US')}`);
      await screenshot(page, 'dividend-payment-receivable-en');

      const adjustments = await until(
        () => mustCall<DividendAdjustmentsPage>(page, 'dividend/adjustments', { side: 'short' }),
        (p) => p.list.some((a) => a.eventId === event.id),
        60_000,
        'reserving the short adjustment',
      );
      const reserved = adjustments.list.find((a) => a.eventId === event.id);
      const shortAmounts = expectedAmounts(event.dps, SHORT_LOTS * 100);
      expect(reserved).toMatchObject({ side: 'short', marginKind: 'standard', ratePercent: '84.685', state: 'reserved', shares: SHORT_LOTS * 100 });
      expect(reserved?.amount.minor).toBe(String(-shortAmounts.adjustment));

      // The payment date: the net in cash, with the receivable's and the payment's postings.
      advanceTo(receivable.paymentDate, 'e2e: the payment date');
      const paid = await until(
        () => mustCall<DividendPaymentDetail>(page, 'dividend/payment', { id: receivable.id }),
        (p) => p.state === 'paid',
        120_000,
        'paying the dividend',
      );
      expect(paid.paidAt).not.toBeNull();
      expect(paid.postings.map((p) => p.step)).toEqual(expect.arrayContaining(['receivable', 'payment']));
      // Every posting of the payment nets to zero across its journals (double entry), and the
      // customer's cash received exactly the net.
      const transactions = await mustCall<TransactionsPage>(page, 'funds/transactions', { currency: 'JPY', page: '1', size: '50' });
      const paidIn = transactions.list.filter((p) => p.type === 'dividend_payment');
      expect(paidIn.map((p) => p.amount.minor)).toContain(String(amounts.net));
      // The same address as before: a reload, so the page asks again rather than show what it had.
      await page.reload();
      await page.locator('[data-testid="payment-breakdown"][data-state="paid"]').waitFor({ timeout: 30000 });
      await page.locator('[data-testid="dividend-posting"][data-step="payment"]').first().waitFor({ timeout: 30000 });
      await screenshot(page, 'dividend-payment-paid-en');
      await openAt(page, ROUTES.fundRecords);
      await page.getByText(fundsText('journal.dividend_payment'), { exact: false }).first().waitFor({ timeout: 30000 });

      const settled = await until(
        () => mustCall<DividendAdjustmentDetail>(page, 'dividend/adjustment', { id: reserved?.id ?? '' }),
        (a) => a.state === 'settled',
        60_000,
        'settling the short adjustment',
      );
      expect(settled.postings.map((p) => p.step)).toEqual(expect.arrayContaining(['reserve', 'settle']));

      // The perk the holding was entitled to at the record date (simulated, no cash value).
      const perks = await until(
        () => mustCall<PerksPage>(page, 'dividend/perks', {}),
        (p) => p.list.some((perk) => perk.code === code),
        60_000,
        'showing the perk',
      );
      const perk = perks.list.find((p) => p.code === code);
      expect(perk).toMatchObject({ shares, cashValue: null, simulated: true });

      // A split of the issue, scheduled by the operator two weekdays on, taking effect as the clock passes it.
      const effective = weekdaysAfter(receivable.paymentDate, 2);
      expect(ops('dividend-split', code, '2', effective, '--reason', 'e2e: a 1-for-2 split')).toContain(code);
      advanceThrough(effective, 'e2e: the split takes effect');
      const actions = await until(
        () => mustCall<CorporateActionsPage>(page, 'dividend/actions', {}),
        (p) => p.list.some((a) => a.code === code && a.state === 'done'),
        60_000,
        'splitting the shares',
      );
      const split = actions.list.find((a) => a.code === code && a.state === 'done');
      expect(split).toMatchObject({ ratio: 2, sharesBefore: shares, sharesAfter: shares * 2 });

      // Every dividend page with its data, in tw, jp and en.
      const screens = [
        ['dividends-calendar', ROUTES.dividends, 'dividend-calendar'],
        ['dividend-company', routeTo('dividendDetail', { code }), 'company-history'],
        ['dividends-received', ROUTES.dividends2, 'dividend-payment'],
        ['dividend-payment', routeTo('dividendDetail2', { id: receivable.id }), 'dividend-posting'],
        ['dividends-adjustments', ROUTES.dividends3, 'dividend-adjustment'],
        ['dividend-adjustment', routeTo('dividendDetail3', { id: settled.id }), 'dividend-posting'],
        ['dividends-actions', ROUTES.dividends4, 'corporate-action'],
        ['dividend-action', routeTo('dividendDetail4', { id: split?.id ?? '' }), 'action-shares'],
        ['dividends-perks', ROUTES.dividends5, 'perk'],
        ['dividend-perk', routeTo('dividendDetail5', { id: perk?.id ?? '' }), 'perk-description'],
      ] as const;
      await everyPageInEveryLanguage(browser, page, screens);
    },
    JOURNEY_MS,
  );
});

/** The weekday `n` Monday–Friday days after a 'YYYY-MM-DD'. */
function weekdaysAfter(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  for (let left = n; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** Business day by business day (holidays skipped by the clock) until the clock is on or past `day`. */
function advanceThrough(day: string, reason: string): void {
  for (let steps = 0; steps < 10; steps += 1) {
    const printed = /→ (\d{4}-\d{2}-\d{2}) 09:00/.exec(ops('clock-advance', '--reason', reason))?.[1] ?? '';
    if (printed >= day) return;
  }
  throw new Error(`the clock never reached ${day}`);
}
