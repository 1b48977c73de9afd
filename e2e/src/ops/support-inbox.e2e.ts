// The console's support inbox at 1280×800 against the suite's real server: a customer writes to
// support through the API, the operator sees the conversation arrive live (the SSE stream, no
// refresh), opens it — the customer's text shown as text — and replies; the customer reads the
// reply through the API. Screenshots in English and Japanese.
import type { Browser, Page } from 'playwright-core';
import { mustCall } from '../support/api';
import { launchBrowser, newDesktopContext, newPhoneContext, screenshot, serverUrl } from '../support/browser';
import { signInAtLocalhost } from '../support/session';

const QUESTION = 'e2e: <b>is my deposit in?</b>';
const REPLY = 'e2e: yes, it was credited this morning';

describe('support inbox in the operator console (1280×800)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    page = await (await newDesktopContext(browser)).newPage();
  });
  afterEach(async () => page.context().close());
  afterAll(async () => browser.close());

  it('shows a customer message live, opens it and replies', async () => {
    const customer = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    const account = await signInAtLocalhost(customer);

    await page.goto(`${serverUrl()}/ops/`);
    await page.getByTestId('credential').fill(process.env.KABUTO_E2E_OPERATOR_TOKEN ?? '');
    await page.getByTestId('sign-in').click();
    await page.getByTestId('signed-in-as').waitFor();
    await page.getByRole('link', { name: 'Support inbox' }).click();
    await page.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();
    const search = page.getByPlaceholder('Account (or its beginning)');
    await search.fill(account);
    await search.press('Enter');

    // Sent after the inbox is open: only the live stream can bring it.
    await mustCall(customer, 'support/send', { text: QUESTION, idempotencyKey: `e2e-inbox-${account}` });
    const row = page.getByTestId('inbox-table').locator('tr', { hasText: account });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(QUESTION);

    await row.click();
    const text = page.getByTestId('message-customer').getByTestId('message-text').first();
    await text.waitFor();
    expect(await text.textContent()).toBe(QUESTION);
    expect(await page.getByTestId('messages').locator('b').count()).toBe(0);

    await page.getByTestId('composer').fill(REPLY);
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message-operator').filter({ hasText: REPLY }).waitFor();
    await screenshot(page, 'ops-support-inbox-en');

    const seen = await mustCall<{ list: { author: string; text: string | null }[] }>(customer, 'support/messages', {});
    expect(seen.list).toContainEqual(expect.objectContaining({ author: 'operator', text: REPLY }));

    await page.getByTestId('language').getByText('日本語').click();
    await page.getByText('返信を送信').waitFor();
    await screenshot(page, 'ops-support-inbox-jp');
    await customer.context().close();
  });
});
