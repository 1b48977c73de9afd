// The whole money journey on real screens: identity verified with
// the name's katakana reading → passkey → bind a bank card (step-up) → deposit with a
// proof image → operator approves (CLI) → exchange JPY to USD → withdraw with the fund
// password and the passkey → operator pays (CLI) → the fund records and the wallet's
// postings show every step, and the balances add up on screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadedWidth, screenshot, launchPhone } from '../support/browser';
import { ops, openFundsWindowsAllDay } from '../support/ops-cli';
import { makePng } from '../support/png';
import { pickImage } from '../support/image-field';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';
import { accountText } from '../identity/identity-helpers';
import { callApi } from '../support/api';
import { FUND_PASSWORD, minorOf } from '../support/money';
import { openAt, signInAtLocalhost } from '../support/session';
import { fundsText } from './funds-helpers';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';

const DEPOSIT_YEN = 500_000n;
const EXCHANGE_YEN = 100_000n;
const WITHDRAW_YEN = 100_000n;

/** The amounts of every row of a fully loaded list, as the screen shows them. */
async function amountsOnScreen(page: Page, rowTestId: string, listTestId: string): Promise<bigint[]> {
  await page.getByTestId(`${listTestId}-state`).filter({ hasText: 'No more' }).waitFor();
  const texts = await page.getByTestId(rowTestId).locator('[class*="value"]').allTextContents();
  return texts.map(minorOf);
}

describe('funds journey: card, deposit, exchange, withdrawal, records, postings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: string;
  let usdReceived = 0n;

  beforeAll(async () => {
    openFundsWindowsAllDay(['deposit', 'withdraw']);
    ({ browser, context, page } = await launchPhone({ lang: 'en' }));
    await addVirtualAuthenticator(context, page);
    account = await signInAtLocalhost(page);
  });
  afterAll(async () => browser.close());

  it('verifies the identity with the name reading, approved by the operator', async () => {
    await openAt(page, ROUTES.identityVerification);
    await page.getByTestId('kyc-page').waitFor();
    await page.getByRole('textbox', { name: accountText('kyc.realName') }).fill('山田 太郎');
    await page.getByRole('textbox', { name: accountText('kyc.nameKana') }).fill('やまだ たろう');
    await page.getByRole('textbox', { name: accountText('kyc.idNumber') }).fill('AB1234567');
    await page.getByText(accountText('kyc.doc.driving_licence'), { exact: true }).click();
    await pickImage(page, 'kyc-front', [200, 40, 40]);
    await pickImage(page, 'kyc-back', [40, 40, 200]);
    await page.getByRole('button', { name: accountText('common.submit') }).click();
    await page.getByTestId('kyc-status').waitFor();
    expect(ops('kyc-approve', account, '--reason', 'documents match')).toContain('verified');
  });

  it('enrols a passkey (the step-up of cards and withdrawals)', async () => {
    await openAt(page, ROUTES.settings);
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-item').first().waitFor();
  });

  it('binds a bank card from zengin-code with a passkey step-up; the holder is the verified reading', async () => {
    await openAt(page, ROUTES.bankCardAdd);
    await page.getByTestId('bind-card').waitFor();
    await page.getByTestId('card-bank').locator('input').fill('みずほ');
    await page.getByTestId('card-bank-matches').locator('.adm-list-item').filter({ hasText: '0001' }).first().click();
    await page.getByTestId('card-branch').locator('input').fill('001');
    await page
      .getByTestId('card-branch-matches')
      .locator('.adm-list-item')
      .filter({ has: page.locator('.adm-list-item-content-extra', { hasText: /^001$/ }) })
      .click();
    await expect(page.getByRole('textbox', { name: fundsText('card.holder') }).inputValue()).resolves.toBe('ヤマダ\u3000タロウ');
    const accountNumber = String(1_000_000 + (Date.now() % 9_000_000));
    await page.getByRole('textbox', { name: fundsText('card.accountNumber') }).fill(accountNumber);
    await screenshot(page, 'funds-bind-card');
    await page.getByTestId('card-submit').click();
    await page.waitForURL((url) => url.hash === `#${ROUTES.bankCards}`);
    await page
      .getByTestId('bank-card')
      .filter({ hasText: `***${accountNumber.slice(-4)}` })
      .waitFor();
    await screenshot(page, 'funds-bank-cards');
  });

  it('deposits with a proof image; the operator approves it', async () => {
    await openAt(page, ROUTES.deposit);
    await page.getByTestId('wallet').waitFor();
    await page.getByTestId('deposit-window').waitFor();
    await screenshot(page, 'funds-capital-transfer');
    await page.getByTestId('channel-bank-jpy').click();
    await page.getByTestId('capital-channel').waitFor();
    // No proof yet: refused with the catalogue message, nothing sent.
    await page.getByRole('textbox', { name: fundsText('deposit.amount', { currency: 'JPY' }) }).fill(String(DEPOSIT_YEN));
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('form-error').filter({ hasText: 'deposit proof' }).waitFor();
    const uploaded = page.waitForResponse((response) => response.url().includes('/uploads') && response.request().method() === 'POST');
    await page
      .getByTestId('deposit-proof')
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(80, 120, [30, 160, 90]) });
    expect((await uploaded).status()).toBe(200);
    await page.getByTestId('deposit-proof').locator('img').waitFor();
    // The proof is private: the owner's thumbnail loads from a signed URL.
    const proofImg = page.getByTestId('deposit-proof').locator('img');
    expect(await loadedWidth(proofImg)).toBeGreaterThan(0);
    expect(await proofImg.getAttribute('src')).toMatch(/\/uploads\/signed\//);
    await screenshot(page, 'funds-deposit-form');
    await page.getByTestId('deposit-submit').click();
    const submitted = page.getByTestId('deposit-submitted');
    await submitted.waitFor();
    await screenshot(page, 'funds-deposit-submitted');
    const id = /#(\d+)/.exec((await submitted.textContent()) ?? '')?.[1];
    if (!id) throw new Error('no deposit id on screen');
    expect(ops('deposit-approve', id, '--reason', 'receipt matches the bank statement')).toMatch(/approved/);
  });

  it('exchanges JPY to USD at the quoted rate, no fee', async () => {
    await openAt(page, ROUTES.exchange);
    await page.getByTestId('exchange').waitFor();
    await page.getByRole('textbox', { name: fundsText('fx.amount', { currency: 'JPY' }) }).fill(String(EXCHANGE_YEN));
    await page.getByTestId('fx-quote-button').click();
    await page.getByTestId('fx-quote').waitFor();
    await page
      .getByTestId('fx-countdown')
      .filter({ hasText: /valid for \d+ s/ })
      .waitFor();
    usdReceived = minorOf((await page.getByTestId('fx-receive').textContent()) ?? '');
    expect(usdReceived).toBeGreaterThan(0n);
    await screenshot(page, 'funds-exchange-quote');
    await page.getByTestId('fx-confirm').click();
    await page.getByTestId('exchange-done').waitFor();
    await screenshot(page, 'funds-exchange-done');
  });

  it('withdraws with the fund password and a passkey step-up; the operator pays it', async () => {
    const set = await callApi(page, 'user/setFundPassword', { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD });
    expect(set.status).toBe(1);
    await openAt(page, ROUTES.withdraw);
    await page.getByTestId('cash-out').waitFor();
    await expect(page.getByTestId('withdraw-available-value').textContent()).resolves.toBe(`¥${(DEPOSIT_YEN - EXCHANGE_YEN).toLocaleString('en-US')}`);
    await page.getByTestId('arrival-note').waitFor();
    await page.getByRole('textbox', { name: fundsText('out.amount') }).fill('99');
    await page.getByTestId('withdraw-submit').click();
    // The special catalogue message, with the amount and the unit.
    await page.getByTestId('form-error').filter({ hasText: '100' }).waitFor();
    await page.getByRole('textbox', { name: fundsText('out.amount') }).fill(String(WITHDRAW_YEN));
    await page.getByTestId('withdraw-fund-password').locator('.adm-passcode-input').click();
    for (const digit of FUND_PASSWORD) await page.locator(`.adm-number-keyboard-key[title="${digit}"]`).click();
    await page.getByTestId('withdraw-available').click(); // closes the number keyboard
    await screenshot(page, 'funds-withdraw-form');
    await page.getByTestId('withdraw-submit').click();
    const submitted = page.getByTestId('withdraw-submitted');
    await submitted.waitFor();
    await screenshot(page, 'funds-withdraw-submitted');
    const id = /#(\d+)/.exec((await submitted.textContent()) ?? '')?.[1];
    if (!id) throw new Error('no withdrawal id on screen');
    expect(ops('withdraw-pay', id, '--reason', 'transferred by the bank')).toMatch(/paid/);
  });

  it('the fund records show every step', async () => {
    await openAt(page, routeTo('fundRecords', { tab: 'deposit' }));
    await page
      .getByTestId('deposit-record')
      .filter({ hasText: fundsText('depositState.approved') })
      .waitFor();
    await screenshot(page, 'funds-records-deposit');
    await page.getByTestId('tab-withdraw').click();
    await page
      .getByTestId('withdrawal-record')
      .filter({ hasText: fundsText('withdrawState.paid') })
      .waitFor();
    await screenshot(page, 'funds-records-withdraw');
    await page.getByTestId('tab-trade').click();
    await page.locator('[data-testid="trade-record"][data-type="exchange"]').waitFor();
    await page.getByTestId('tab-postings').click();
    await page.getByTestId('transactions-list-state').filter({ hasText: 'No more' }).waitFor();
    const types = await page.getByTestId('posting').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    // deposit (cash +), exchange (JPY cash −, USD cash +), freeze (cash −, frozen +), paid (frozen −).
    expect([...types].sort()).toEqual(['deposit', 'exchange', 'exchange', 'withdrawal_freeze', 'withdrawal_freeze', 'withdrawal_paid']);
    await screenshot(page, 'funds-records-postings');
  });

  it('the wallet adds up: every figure is the sum of the postings behind it', async () => {
    await openAt(page, ROUTES.deposit);
    await page.getByTestId('wallet').waitFor();
    const expectedYen = DEPOSIT_YEN - EXCHANGE_YEN - WITHDRAW_YEN;
    const figure = async (name: string) => minorOf((await page.getByTestId(`wallet-${name}-value`).textContent()) ?? '');
    expect(await figure('balance')).toBe(expectedYen);
    expect(await figure('available')).toBe(expectedYen);
    expect(await figure('frozen')).toBe(0n);
    expect(await figure('usdAmount')).toBe(usdReceived);
    expect(await figure('totalAssets')).toBeGreaterThan(expectedYen);
    await screenshot(page, 'funds-wallet');

    await page.getByTestId('wallet-balance').click();
    await page.getByTestId('postings-sheet').waitFor();
    const yenPostings = await amountsOnScreen(page, 'posting', 'postings-list');
    expect(yenPostings.reduce((a, b) => a + b, 0n)).toBe(expectedYen);
    expect(minorOf((await page.getByTestId('postings-sum').locator('[class*="value"]').first().textContent()) ?? '')).toBe(expectedYen);
    await screenshot(page, 'funds-wallet-balance-postings');
    await page.keyboard.press('Escape');
    await page.locator('.adm-popup-close-icon').click();

    await page.getByTestId('wallet-usdAmount').click();
    await page.locator('[data-testid="postings-sheet"][data-figure="usdAmount"]').waitFor();
    const usdPostings = await amountsOnScreen(page, 'posting', 'postings-list');
    expect(usdPostings.reduce((a, b) => a + b, 0n)).toBe(usdReceived);
  });
});
