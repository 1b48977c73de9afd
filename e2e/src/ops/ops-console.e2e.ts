// The operator console at /ops on a 1280×800 desktop against the suite's real server: the
// operator signs in with the credential the ops CLI uses and a passkey, sees the deposit queue and its proof
// image (audited), approves a deposit a customer requested through the API (the wallet is
// credited), proposes an adjustment and is refused — by the server, shown as it comes, in
// English and in Japanese — when approving it themselves (four eyes); then sets up an
// investment trust, refused first for a fee above the cap.
import type { Browser, Page } from 'playwright-core';
import { mustCall } from '../support/api';
import { freshDesktopPageEachTest, loadedWidth, newPhoneContext, screenshot } from '../support/browser';
import { signInToConsole } from '../support/console-sign-in';
import { messageText } from '../support/catalogue';
import { requestVerifiedDeposit } from '../support/money';
import { openFundsWindowsAllDay, ops } from '../support/ops-cli';
import { signInAtLocalhost } from '../support/session';

const DEPOSIT_YEN = 123_456;

/** A verified customer with a pending JPY deposit, requested through the API the funds screens use. */
async function customerWithPendingDeposit(browser: Browser): Promise<{ account: string; depositId: number; page: Page }> {
  const page = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
  const account = await signInAtLocalhost(page);
  return { account, depositId: await requestVerifiedDeposit(page, account, DEPOSIT_YEN), page };
}

/** The customer's JPY balance in minor units (yen), as the wallet call answers it. */
async function jpyBalance(page: Page): Promise<bigint> {
  const wallet = await mustCall<{ currencies: { currency: string; balance: { minor: string } }[] }>(page, 'funds/wallet', {});
  return BigInt(wallet.currencies.find((c) => c.currency === 'JPY')?.balance.minor ?? '0');
}

describe('operator console at /ops (1280×800)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(() => openFundsWindowsAllDay(['deposit']));
  // A fresh desktop context each attempt: a retry must see the sign-in page again.
  freshDesktopPageEachTest((desktop, shared) => {
    page = desktop;
    browser = shared;
  });

  it('signs in with the operator credential, approves a pending deposit, and shows the four-eyes refusal', async () => {
    const customer = await customerWithPendingDeposit(browser);
    const before = await jpyBalance(customer.page);

    await signInToConsole(page);

    // The deposit queue lists the customer's request with the amount the server gave.
    const row = page.locator(`[data-row-key="${customer.depositId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(customer.account);
    expect(await row.textContent()).toContain('123,456 JPY');
    // The proof image comes through the audited ops route, shown from a blob: URL (the CSP allows it).
    await row.getByRole('button', { name: 'Open proof' }).click();
    expect(await loadedWidth(row.locator('img'))).toBeGreaterThan(0);
    expect(ops('audit', '--account', customer.account)).toContain('upload.view');
    await screenshot(page, 'ops-console-deposits-en');

    await page.getByTestId(`deposit-approve-${customer.depositId}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('action-reason').fill('e2e: receipt matches');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await row.waitFor({ state: 'detached' });
    expect(ops('deposits', '--state', 'approved')).toContain(customer.account);
    expect((await jpyBalance(customer.page)) - before).toBe(BigInt(DEPOSIT_YEN));

    // Four eyes: the operator proposes an adjustment, then tries to approve it.
    await page.getByRole('link', { name: 'Adjustments' }).click();
    await page.getByTestId('adjustment-account').fill(customer.account);
    await page.getByTestId('adjustment-amount').fill('500');
    await page.getByTestId('adjustment-reason').fill('e2e: goodwill credit');
    await page.getByTestId('adjustment-form-submit').click();
    const proposed = page.locator('[data-testid^="adjustment-approve-"]').last();
    await proposed.waitFor();
    await proposed.click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const refusal = dialog.getByTestId('refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(messageText('adjustmentSameOperator', 'en'));
    await screenshot(page, 'ops-console-four-eyes-en');

    // The same refusal in Japanese, from the customer catalogue's jp text.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('language').getByText('日本語').click();
    await page.getByText('残高調整', { exact: false }).first().waitFor();
    await page.locator('[data-testid^="adjustment-approve-"]').last().click();
    await dialog.getByRole('button', { name: '送信' }).click();
    await dialog.getByTestId('refusal').waitFor();
    expect(await dialog.getByTestId('refusal').textContent()).toContain(messageText('adjustmentSameOperator', 'jp'));
    await screenshot(page, 'ops-console-four-eyes-jp');
    // Nothing moved: the adjustment is still only proposed.
    expect(ops('adjustments', '--state', 'proposed')).toContain('goodwill');

    // Investment trusts: set one up following one of the broker's algorithmic strategies. A fee
    // above the cap is refused by the server, shown as it comes (jp), and nothing is created.
    const strategies = await mustCall<{ list: { id: number; kind?: string }[] }>(customer.page, 'strategy/list', {});
    const algorithm = strategies.list.find((s) => s.kind === 'algorithm');
    if (!algorithm) throw new Error('no algorithmic strategy to follow');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: '投資信託' }).click();
    await page.getByTestId('trusts-simulated').waitFor();
    await page.getByLabel('戦略ID').fill(String(algorithm.id));
    await page.getByLabel('名称').fill('E2E Console Trust');
    await page.getByLabel('信託報酬（年率 bp）').fill('400');
    await page.getByLabel('最低申込額').fill('10000');
    await page.getByTestId('trust-reason').fill('e2e: console set-up');
    await page.getByTestId('trust-form-submit').click();
    const trustRefusal = page.getByTestId('trust-form').getByText(messageText('trustFeeInvalid', 'jp'));
    await trustRefusal.waitFor();
    await screenshot(page, 'ops-console-trusts-refused-jp');
    expect(ops('trust-list')).not.toContain('E2E Console Trust');
    await page.getByLabel('信託報酬（年率 bp）').fill('100');
    await page.getByTestId('trust-form-submit').click();
    const trustRow = page.getByTestId('trusts-table').locator('tr', { hasText: 'E2E Console Trust' });
    await trustRow.waitFor();
    expect(await trustRow.textContent()).toContain('基準価額はまだありません');
    expect(ops('trust-list')).toContain('E2E Console Trust');
    expect(ops('audit', '--limit', '5')).toContain('strategy.trust.create');
    await page.getByTestId('language').getByText('EN').click();
    await page.getByText('No NAV yet').waitFor();
    await screenshot(page, 'ops-console-trusts-en');
  });
});
