// The support chat against the real server: a customer opens it from home's 客服 shortcut and
// sends a text with an image; an operator answers through the ops API and the answer appears
// live, without a reload, as does the operator's read receipt; a deposit made through the chat
// follows its approval live. An institution (seat) account,
// refused everything but support, reaches the chat from the refusal. The screen in tw, jp, en.
import type { Browser, Page } from 'playwright-core';
import type { OpsSupportConversationRow, OpsSupportMessageView } from '@kabuto/shared-sdk/schemas';
import { ROUTES } from '@kabuto/shared-sdk/routes';
import { ACCOUNT_TEXTS } from '../../../mf-account/src/translations';
import { headerTitleIs, launchBrowser, loadedWidth, newPhoneContext, openRoute, screenshot, serverUrl } from '../support/browser';
import { messageText } from '../support/catalogue';
import { expectedTitle, type CompleteLang } from '../support/expected-titles';
import { freshAccount, issueInviteCode, openFundsWindowsAllDay, ops } from '../support/ops-cli';
import { pickImage } from '../support/image-field';
import { MSG } from '@kabuto/shared-sdk/messages';
import { makePng } from '../support/png';
import { inLanguage, registerViaApi, signInViaApi } from '../support/session';
import { textFrom } from '../support/texts';
import { submitLogin } from '../identity/identity-helpers';

function accountText(key: string, lang: CompleteLang = 'en', values: Record<string, string | number> = {}): string {
  return textFrom(ACCOUNT_TEXTS, 'account', key, lang, values);
}

/** One call of the operators' support API with the suite's operator credential; its data. */
async function opsSupport<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${serverUrl()}/api/ops/support${path}`, {
    method,
    headers: { authorization: `Bearer ${process.env.KABUTO_E2E_OPERATOR_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { status: number; msg: string; data: T };
  if (response.status !== 200 || answer.status !== 1) throw new Error(`ops ${method} ${path} refused (${response.status}): ${answer.msg}`);
  return answer.data;
}

async function conversationOf(account: string): Promise<OpsSupportConversationRow> {
  const rows = await opsSupport<OpsSupportConversationRow[]>('GET', `/conversations?account=${account}`);
  const row = rows.find((r) => r.account === account);
  if (!row) throw new Error(`no support conversation for ${account}`);
  return row;
}

describe('support chat', () => {
  let browser: Browser;
  let page: Page;
  let account: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser, { lang: 'en' })).newPage();
    account = await signInViaApi(page);
  });
  afterAll(async () => browser.close());

  it('opens from home’s shortcut; a text with an image goes to support, whose reply and read receipt arrive live', async () => {
    await openRoute(page, ROUTES.home);
    await page.getByTestId('shortcut-support').click();
    await page.waitForURL(/#\/pages\/mine\/support$/);
    await page.getByTestId('chat-composer').waitFor();
    await headerTitleIs(page, expectedTitle(ROUTES.supportChat, 'en'));
    // Marks this document: if the reply came by a reload, the mark would be gone.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const uploaded = page.waitForResponse((response) => response.url().includes('/uploads') && response.request().method() === 'POST');
    await page.getByTestId('chat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(64, 40, [200, 120, 40]) });
    expect((await uploaded).status()).toBe(200);
    await page.getByTestId('chat-pending-image').waitFor();
    const text = `I transferred ¥50,000 <b>today</b> ${Date.now()}`;
    await page.getByPlaceholder(accountText('sc.placeholder')).fill(text);
    await page.getByTestId('chat-send').click();

    const mine = page.locator('[data-testid="chat-message"][data-author="customer"]').filter({ hasText: text });
    await mine.waitFor();
    // Text as text: the markup is shown as typed.
    await expect(mine.getByTestId('chat-message-text').textContent()).resolves.toBe(text);
    const image = mine.getByTestId('chat-attachment');
    await image.waitFor();
    expect(await loadedWidth(image)).toBeGreaterThan(0);
    await expect(mine.getByTestId('chat-receipt').getAttribute('data-read')).resolves.toBe('false');

    // The operator sees the message with its attachment, reads it and replies.
    const row = await conversationOf(account);
    const detail = await opsSupport<{ messages: OpsSupportMessageView[] }>('GET', `/conversations/${row.id}`);
    const sent = detail.messages.find((m) => m.text === text);
    expect(sent?.attachments).toHaveLength(1);
    await opsSupport('POST', `/conversations/${row.id}/read`, { upToId: sent!.id });
    await page.locator('[data-testid="chat-receipt"][data-read="true"]').first().waitFor();
    const reply = `We received your transfer note, checking now (${Date.now()}).`;
    await opsSupport('POST', `/conversations/${row.id}/reply`, { text: reply });

    await page.locator('[data-testid="chat-message"][data-author="operator"]').filter({ hasText: reply }).waitFor({ timeout: 15000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(page.getByTestId('chat-status').getAttribute('data-status')).resolves.toBe('waiting');
    await screenshot(page, 'support-chat-reply-en');
  });

  it('deposit through support: the request appears in the chat and its approval arrives live', async () => {
    openFundsWindowsAllDay(['deposit']);
    await openRoute(page, ROUTES.supportChat);
    await page.getByTestId('chat-composer').waitFor();
    await page.getByTestId('chat-deposit-open').click();
    const sheet = page.getByTestId('chat-deposit-sheet');
    const amount = sheet.locator('input[inputmode="decimal"]');
    await amount.waitFor();
    // The channel's minimum (its placeholder) is always an amount it takes.
    await amount.fill((await amount.getAttribute('placeholder')) ?? '');
    await pickImage(page, 'chat-deposit-proof', [30, 160, 90]);
    await screenshot(page, 'support-chat-deposit-form-en');
    await page.getByTestId('chat-deposit-submit').click();

    const request = page.getByTestId('chat-deposit').last();
    await request.waitFor();
    const id = await request.getAttribute('data-deposit-id');
    expect(id).toMatch(/^\d+$/);
    // The operator approves it (unless demo auto-approval was first); the chat shows it without a reload.
    try {
      ops('deposit-approve', id!, '--reason', 'e2e: receipt matches');
    } catch (error) {
      if (!String(error).includes(MSG.reviewNotPending)) throw error;
    }
    await page.locator(`[data-testid="chat-deposit"][data-deposit-id="${id}"][data-state="approved"]`).waitFor({ timeout: 20000 });
    await expect(request.getByTestId('chat-deposit-state').textContent()).resolves.toBe(accountText('sc.deposit.state.approved'));
    await screenshot(page, 'support-chat-deposit-en');
  });

  it.each(['tw', 'jp', 'en'] as const)('in %s: title, status, hours and the conversation in the reader’s language', async (lang) => {
    await inLanguage(browser, page, lang, async (langPage) => {
      await openRoute(langPage, ROUTES.supportChat);
      await langPage.locator('[data-testid="chat-message"][data-author="operator"]').first().waitFor();
      await headerTitleIs(langPage, expectedTitle(ROUTES.supportChat, lang));
      const status = await langPage.getByTestId('chat-status').getAttribute('data-status');
      await expect(langPage.getByTestId('chat-status').textContent()).resolves.toBe(accountText(`sc.status.${status}`, lang));
      await expect(langPage.getByTestId('chat-hours').textContent()).resolves.toContain(accountText('sc.hours', lang, { opens: '09:00', closes: '17:30' }));
      const auto = langPage.locator('[data-testid="chat-message"][data-author="auto"]');
      // Out of hours, the automatic reply is in the reader's language with the next opening (JST).
      if ((await auto.count()) > 0) {
        const before = (ACCOUNT_TEXTS[lang]?.['sc.autoReply'] ?? '').split('{{time}}')[0] ?? '';
        await expect(auto.first().textContent()).resolves.toContain(before);
      }
      await screenshot(langPage, `support-chat-${lang}`);
    });
  });

  it('an institution account, refused everything but support, reaches the chat from the refusal', async () => {
    const context = await newPhoneContext(browser, { lang: 'en' });
    const seat = await context.newPage();
    try {
      const seatAccount = freshAccount();
      await registerViaApi(seat, seatAccount, issueInviteCode());
      ops('set-role', seatAccount, 'institution', '--reason', 'seat account opened by contract');
      await openRoute(seat, ROUTES.login);
      await submitLogin(seat, seatAccount);
      await seat.getByRole('button', { name: 'Not now' }).click();
      await seat.waitForURL(/#\/pages\/home\/home$/);

      // Deposit is refused (seat accounts use support only): the refusal offers the chat.
      await seat.getByTestId('shortcut-deposit').click();
      // The page's calls are all refused at once: one offer stands for them.
      await seat.getByText(messageText('seatAccountSupportOnly', 'en'), { exact: true }).waitFor();
      await expect(seat.locator('.adm-dialog').count()).resolves.toBe(1);
      await screenshot(seat, 'support-chat-seat-refusal-en');
      await seat.locator('.adm-dialog').getByText('Contact support', { exact: true }).click();
      await seat.waitForURL(/#\/pages\/mine\/support$/);
      await seat.getByTestId('chat-composer').waitFor();

      const text = `Please take a deposit for seat ${seatAccount}`;
      await seat.getByPlaceholder(accountText('sc.placeholder')).fill(text);
      await seat.getByTestId('chat-send').click();
      await seat.locator('[data-testid="chat-message"][data-author="customer"]').filter({ hasText: text }).waitFor();
      expect((await conversationOf(seatAccount)).role).toBe('institution');

      // The chat is its deposit channel: the sheet offers the channels, the operator approves.
      openFundsWindowsAllDay(['deposit']);
      await seat.getByTestId('chat-deposit-open').click();
      const amount = seat.getByTestId('chat-deposit-sheet').locator('input[inputmode="decimal"]');
      await amount.waitFor();
      await amount.fill((await amount.getAttribute('placeholder')) ?? '');
      await pickImage(seat, 'chat-deposit-proof', [160, 30, 90]);
      await seat.getByTestId('chat-deposit-submit').click();
      const request = seat.getByTestId('chat-deposit').last();
      await request.waitFor();
      const id = await request.getAttribute('data-deposit-id');
      try {
        ops('deposit-approve', id!, '--reason', 'e2e: seat account deposit taken in the chat');
      } catch (error) {
        if (!String(error).includes(MSG.reviewNotPending)) throw error;
      }
      await seat.locator(`[data-testid="chat-deposit"][data-deposit-id="${id}"][data-state="approved"]`).waitFor({ timeout: 20000 });
      await screenshot(seat, 'support-chat-seat-en');
    } finally {
      await context.close();
    }
  });
});
