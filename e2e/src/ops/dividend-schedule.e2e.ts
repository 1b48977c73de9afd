// The dividend schedule in the operator console at /ops (1280×800) against the suite's real server:
// the operator finds an issue's next scheduled dividend by code, is refused a negative dividend per
// share — by the server, shown as it comes, in English and in Japanese — then sets a new one; the
// customer who watches the issue sees the new amount, marked as set by the operator, on the dividend
// calendar.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import type { DividendCalendar } from '@kabuto/shared-sdk/schemas';
import { mustCall } from '../support/api';
import { freshDesktopPageEachTest, newPhoneContext, screenshot } from '../support/browser';
import { messageText } from '../support/catalogue';
import { signInToConsole } from '../support/console-sign-in';
import { ops } from '../support/ops-cli';
import { openAt, signInAtLocalhost } from '../support/session';

/** An issue no other browser spec trades or edits. */
const CODE = '8306';

/** The dialog closes when the server saved the edit; otherwise the refusal it shows is the failure. */
async function saved(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  try {
    await dialog.waitFor({ state: 'hidden', timeout: 20000 });
  } catch {
    const refusal = await dialog
      .getByTestId('refusal')
      .textContent({ timeout: 1000 })
      .catch(() => 'no refusal shown');
    throw new Error(`the edit was not saved: ${refusal}`);
  }
}

async function submitDps(page: Page, eventId: string, dps: string, submit: string): Promise<void> {
  await page.getByTestId(`dividend-edit-${eventId}`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('edit-dps').fill(dps);
  await dialog.getByTestId('action-reason').fill('e2e: revised forecast');
  await dialog.getByRole('button', { name: submit }).click();
}

describe('dividend schedule in the operator console (1280×800)', () => {
  let page: Page;
  let browser: Browser;

  freshDesktopPageEachTest((desktop, shared) => {
    page = desktop;
    browser = shared;
  });

  it('edits a dividend per share, shows the server’s refusal in en and jp, and the customer’s calendar shows the new amount', async () => {
    // A customer watching the issue: the calendar (scope all) lists its schedule ahead.
    const phone = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    await signInAtLocalhost(phone);
    await mustCall(phone, 'market/watchlistAdd', { code: CODE });
    const calendar = await mustCall<DividendCalendar>(phone, 'dividend/calendar', { scope: 'watchlist' });
    // The last one ahead: far from its ex-date, after which the server would refuse the edit.
    const event = calendar.entries.filter((e) => e.code === CODE && e.state === 'scheduled' && e.exDate > calendar.businessDate).at(-1);
    if (!event) throw new Error(`no scheduled dividend of ${CODE} on the calendar`);
    // A value the entry does not have yet, so the change is the operator's.
    const dps = event.dps === '123.4' ? '123.5' : '123.4';

    await signInToConsole(page);
    await page.getByRole('link', { name: 'Dividend schedule' }).click();
    await page.getByTestId('dividends-code').fill(CODE);
    await page.getByTestId('dividends-search').click();
    const row = page.locator(`[data-row-key="${event.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(event.recordDate);
    expect(await row.textContent()).toContain(event.exDate);

    // Sent as typed: the server refuses a negative dividend and names the rule.
    await submitDps(page, event.id, '-1', 'Submit');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('refusal').waitFor();
    expect(await dialog.getByTestId('refusal').textContent()).toContain(messageText('dividendPerShareNegative', 'en'));
    await screenshot(page, 'ops-dividends-refusal-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('language').getByText('日本語').click();
    await page.getByText('権利付最終日').first().waitFor();
    await submitDps(page, event.id, '-1', '送信');
    await dialog.getByTestId('refusal').waitFor();
    expect(await dialog.getByTestId('refusal').textContent()).toContain(messageText('dividendPerShareNegative', 'jp'));
    await screenshot(page, 'ops-dividends-refusal-jp');

    // The edit: the list shows the operator's amount, and the audit log has it.
    await dialog.getByTestId('edit-dps').fill(dps);
    await dialog.getByRole('button', { name: '送信' }).click();
    await saved(page);
    await page.getByTestId(`dps-${event.id}`).filter({ hasText: dps }).waitFor();
    await screenshot(page, 'ops-dividends-edited-jp');
    await page.getByTestId('language').getByText('EN', { exact: true }).click();
    await page.getByText('Last cum date').first().waitFor();
    expect(await page.getByTestId(`dps-${event.id}`).textContent()).toBe(`${dps} set by operator`);
    await screenshot(page, 'ops-dividends-edited-en');
    expect(ops('audit', '--limit', '20')).toContain('dividend.schedule.edit');

    // The customer's calendar shows the new amount, as set by the operator.
    await openAt(phone, ROUTES.dividends);
    const entry = phone.locator(`[data-testid="calendar-entry"][data-event="${event.id}"]`);
    await entry.waitFor({ timeout: 30000 });
    expect(await entry.textContent()).toContain(`¥${dps} per share`);
    expect(await entry.textContent()).toContain('set by the company (operator)');
    await entry.scrollIntoViewIfNeeded();
    await screenshot(phone, 'ops-dividends-customer-calendar-en');
    await phone.context().close();
  });
});
