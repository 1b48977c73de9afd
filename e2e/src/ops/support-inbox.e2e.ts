// A support conversation between two browsers against the suite's real server: a customer's
// phone (390×844) and the operator console (1280×800). The customer writes in the chat with an
// image attached; the console's inbox shows it live (the SSE stream, no refresh); the operator
// opens it (the customer's markup shown as text), opens the attachment and replies with an image
// of their own; the reply and its image reach the customer's chat live, in the same document. Screenshots in English and Japanese.
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { freshDesktopPageEachTest, loadedWidth, newPhoneContext, screenshot, serverUrl } from '../support/browser';
import { signInToConsole } from '../support/console-sign-in';
import { makePng } from '../support/png';
import { openAt, signInAtLocalhost } from '../support/session';
import { textFrom } from '../support/texts';

const QUESTION = 'e2e: <b>is my deposit in?</b>';
const REPLY = 'e2e: yes, it was credited this morning';
const NOTE = 'e2e: statement matches the receipt';

describe('support inbox in the operator console (1280×800)', () => {
  let browser: Browser;
  let page: Page;
  freshDesktopPageEachTest((desktop, shared) => {
    page = desktop;
    browser = shared;
  });

  it('a customer writes with an image, the operator sees it live, opens it and replies; the reply reaches the phone live', async () => {
    const customer = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    const account = await signInAtLocalhost(customer);
    await openAt(customer, ROUTES.supportChat);
    await customer.getByTestId('chat-composer').waitFor();
    // Marks this document: if the reply came by a reload, the mark would be gone.
    await customer.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await signInToConsole(page);
    await page.getByRole('link', { name: 'Support inbox' }).click();
    await page.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();
    const search = page.getByPlaceholder('Account (or its beginning)');
    await search.fill(account);
    await search.press('Enter');

    // Sent from the phone after the inbox is open: only the live stream can bring it.
    await customer.getByTestId('chat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(64, 40, [200, 120, 40]) });
    await customer.getByTestId('chat-pending-image').waitFor();
    await customer.getByPlaceholder(textFrom(ACCOUNT_TEXTS, 'account', 'sc.placeholder', 'en')).fill(QUESTION);
    await customer.getByTestId('chat-send').click();
    await customer.locator('[data-testid="chat-message"][data-author="customer"]').filter({ hasText: QUESTION }).waitFor();

    const row = page.getByTestId('inbox-table').locator('tr', { hasText: account });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(QUESTION);

    await row.click();
    const text = page.getByTestId('message-customer').getByTestId('message-text').first();
    await text.waitFor();
    expect(await text.textContent()).toBe(QUESTION);
    expect(await page.getByTestId('messages').locator('b').count()).toBe(0);
    // The private image opens through its signed, short-lived address.
    await page.getByTestId('attachment-open').first().click();
    const link = page.getByTestId('attachment-link').first();
    await link.waitFor();
    const image = await fetch(new URL((await link.getAttribute('href')) ?? '', serverUrl()));
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    // The operator's reply carries an image too: uploaded for this conversation, shown to the customer.
    await page.getByTestId('reply-attach-input').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: makePng(48, 32, [40, 120, 200]) });
    await page.getByTestId('reply-images').waitFor();
    await page.getByTestId('composer').fill(REPLY);
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message-operator').filter({ hasText: REPLY }).waitFor();
    await screenshot(page, 'ops-support-inbox-en');

    const answer = customer.locator('[data-testid="chat-message"][data-author="operator"]').filter({ hasText: REPLY });
    await answer.waitFor({ timeout: 15_000 });
    expect(await loadedWidth(answer.getByTestId('chat-attachment'))).toBe(48);
    expect(await customer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // A private note with an image stays in the console: the phone shows no second operator line.
    await page.getByTestId('reply-attach-input').setInputFiles({ name: 'bank-check.png', mimeType: 'image/png', buffer: makePng(40, 24, [90, 90, 90]) });
    await page.getByTestId('reply-images').waitFor();
    await page.getByTestId('composer').fill(NOTE);
    await page.getByTestId('send-note').click();
    const note = page.getByTestId('private-note').filter({ hasText: NOTE });
    await note.waitFor();
    await note.getByTestId('attachment-open').click();
    await note.getByTestId('attachment-link').waitFor();
    await customer.getByTestId('chat-composer').waitFor();
    await expect(customer.locator('[data-testid="chat-message"][data-author="operator"]').count()).resolves.toBe(1);
    await expect(customer.getByText(NOTE).count()).resolves.toBe(0);
    await screenshot(customer, 'support-chat-from-console-en');

    await page.getByTestId('language').getByText('日本語').click();
    await page.getByText('返信を送信').waitFor();
    await screenshot(page, 'ops-support-inbox-jp');
    await customer.context().close();
  });
});
