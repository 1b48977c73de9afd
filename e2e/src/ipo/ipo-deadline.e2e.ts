// The payment deadline on real screens against a server of this spec's own whose business
// clock starts on Wednesday 2026-11-25 10:00 JST (KABUTO_MARKET_CLOCK_START; the server start
// is day-trading.e2e.ts's). A customer applies on the subscribe screen (the buying power shown
// is trade/buyingPower's, the figure ipo/apply checks) → the wallet shows the IPO escrow line
// → the operator draws → the win notice names the deadline (Friday 15:00 JST) in tw, jp and en →
// the operator advances the business clock to Thursday and then Friday: the reminders of the
// business day before and of the deadline's morning arrive, once each. Screenshots in tw/jp/en.
import type { Browser, Page } from 'playwright-core';
import { ROUTES, routeTo } from '@kabuto/shared-sdk/routes';
import { launchPhone, screenshot } from '../support/browser';
import { ownServerForThisFile } from '../support/own-server';
import { ops } from '../support/ops-cli';
import { callApi, messagesOf, type MessageItem } from '../support/api';
import { inLanguage, openAt, signInAtLocalhost } from '../support/session';
import { FUND_PASSWORD, fundAccount } from '../support/money';
import { freshIssueCode, type IpoLang } from './ipo-helpers';

const START = '2026-11-25T10:00:00+09:00';
const DEADLINE = '2026-11-27T15:00:00+09:00';
const LISTING = '2026-11-30T12:00:00+09:00';
const UPPER = 1400;
const DEPOSIT_YEN = 1_000_000;
/** The deadline as each language writes it (compared through `plain`). */
const DEADLINE_TEXT: Record<IpoLang, string> = { tw: '2026/11/27 15:00（日本時間）', jp: '2026/11/27 15:00（日本時間）', en: '27/11/2026, 15:00 JST' };
const LANGS = ['en', 'tw', 'jp'] as const;
/** Node's ICU writes zh-TW date and time with a thin space between, Chromium's with a plain one. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2009\u202f\u00a0]/g, ' ');
const JOURNEY_MS = 8 * 60_000;

/** The business clock's instant now, from the operator's `clock` command ('Business clock: 2026-11-25 10:03:12 JST …'). */
function businessNow(): number {
  const match = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)/.exec(ops('clock'));
  if (!match) throw new Error('no business clock time');
  return Date.parse(`${match[1]}T${match[2]?.length === 5 ? `${match[2]}:00` : match[2]}+09:00`);
}

/** A message's detail page in `lang`: its whole text. */
async function messageText(page: Page, id: number, shot: string): Promise<string> {
  await openAt(page, routeTo('messageDetail', { id }));
  const detail = page.getByTestId('message-detail');
  await detail.waitFor({ timeout: 30000 });
  await page.waitForFunction(() => (document.querySelector('[data-testid="message-detail"]')?.textContent ?? '').includes('15:00'), undefined, {
    timeout: 20000,
  });
  await screenshot(page, shot);
  return (await detail.textContent()) ?? '';
}

ownServerForThisFile(START, ['deposit']);

describe('IPO payment deadline: named in the win notice, reminded the day before and on the morning', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await launchPhone({ lang: 'en' }));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'subscribe (one buying power) → escrow in the wallet → draw → the win notice names the deadline → two reminders, once each',
    async () => {
      // A fresh customer and issue per attempt (the suite retries a failed test once).
      const account = await signInAtLocalhost(page);
      await fundAccount(page, account, DEPOSIT_YEN);
      const code = freshIssueCode();
      const now = businessNow();
      const secondsTo = (iso: string) => String(Math.floor((Date.parse(iso) - now) / 1000));
      // Book-building for 10 minutes (the operator closes it sooner), 100 shares on offer: the one applicant wins.
      ops(
        'ipo-create',
        code,
        '--name-en',
        'E2E Deadline Works',
        '--name-jp',
        'E2E期限工業',
        '--name-tw',
        'E2E期限工業',
        '--lower',
        '1200',
        '--upper',
        String(UPPER),
        '--units',
        '100',
        '--max',
        '300',
        '--closes-in',
        '600',
        '--draw-in',
        '660',
        '--pay-in',
        secondsTo(DEADLINE),
        '--list-in',
        secondsTo(LISTING),
        '--reason',
        'e2e: IPO deadline',
      );

      // The subscribe screen's buying power is trade/buyingPower's figure: the one apply checks.
      const power = ((await callApi(page, 'trade/buyingPower', {})).data as { buyingPower: { minor: string } }).buyingPower.minor;
      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, ROUTES.ipoSubscribe);
          const card = langPage.locator(`[data-testid="ipo-issue"][data-code="${code}"]`);
          await card.waitFor({ timeout: 30000 });
          await expect(langPage.getByTestId('ipo-buying-power').textContent()).resolves.toContain(Number(power).toLocaleString('en-US'));
          expect(plain(await card.getByTestId('ipo-issue-deadline').textContent())).toBe(DEADLINE_TEXT[lang]);
          await card.getByTestId('ipo-apply-open').click();
          await expect(card.getByTestId('ipo-apply-after').textContent()).resolves.toBe(`¥${(Number(power) - UPPER * 100).toLocaleString('en-US')}`);
          await screenshot(langPage, `ipo-deadline-subscribe-${lang}`);
        });
      }
      await openAt(page, ROUTES.ipoSubscribe);
      await page.reload();
      const card = page.locator(`[data-testid="ipo-issue"][data-code="${code}"]`);
      await card.waitFor({ timeout: 30000 });
      await card.getByTestId('ipo-apply-open').click();
      await card.getByTestId('ipo-apply-submit').click();
      await card.getByTestId('ipo-apply-fund-password').locator('input').fill(FUND_PASSWORD);
      await card.getByTestId('ipo-apply-submit').click();
      await card.getByTestId('ipo-applied').waitFor({ timeout: 20000 });

      // The wallet: the escrow on its own line, total assets unchanged.
      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          await openAt(langPage, ROUTES.deposit);
          await expect(langPage.getByTestId('wallet-escrow-value').textContent({ timeout: 30000 })).resolves.toBe(`¥${(UPPER * 100).toLocaleString('en-US')}`);
          await expect(langPage.getByTestId('wallet-totalAssets-value').textContent()).resolves.toBe(`¥${DEPOSIT_YEN.toLocaleString('en-US')}`);
          await screenshot(langPage, `ipo-deadline-wallet-escrow-${lang}`);
        });
      }

      ops('ipo-price', code, '1300', '--reason', 'e2e: IPO deadline');
      ops('ipo-close', code, '--reason', 'e2e: IPO deadline');
      ops('ipo-draw', code, '--reason', 'e2e: IPO deadline');

      // The win notice names the deadline, in each language.
      const [won] = await messagesOf(page, 'ipo_draw_result');
      if (!won) throw new Error('no win notice');
      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          expect(plain(await messageText(langPage, won.id, `ipo-deadline-win-notice-${lang}`))).toContain(DEADLINE_TEXT[lang]);
          await openAt(langPage, ROUTES.ipoSubscriptions);
          const row = langPage.locator(`[data-testid="ipo-subscription"][data-code="${code}"]`);
          expect(plain(await row.getByTestId('ipo-subscription-deadline').textContent({ timeout: 30000 }))).toContain(DEADLINE_TEXT[lang]);
          await screenshot(langPage, `ipo-deadline-subs-${lang}`);
        });
      }
      // The push copy names it too: each outbox entry is a header line (channel → recipient) and its indented text.
      const outbox = ops('outbox', '--to', account, '--limit', '50').split('\n');
      const pushTexts = outbox.flatMap((line, i) => (/ push → /.test(line) ? [outbox[i + 1] ?? ''] : []));
      expect(pushTexts.filter((text) => text.includes(`IPO won: E2E Deadline Works`) && text.includes(DEADLINE_TEXT.en))).toHaveLength(1);
      expect(await messagesOf(page, 'ipo_payment_reminder')).toHaveLength(0);

      // Thursday 09:00: the clock stood at 08:00, the business day before the deadline: one reminder.
      expect(ops('clock-advance', '--reason', 'e2e: the day before the IPO deadline')).toContain('2026-11-26 09:00');
      await page.waitForTimeout(6000); // the module's own 5 s sweep runs too: it must not send it again
      expect(await messagesOf(page, 'ipo_payment_reminder')).toHaveLength(1);

      // Friday 09:00: past the deadline's morning (08:00): the second reminder, and no more.
      expect(ops('clock-advance', '--reason', 'e2e: the IPO deadline day')).toContain('2026-11-27 09:00');
      await page.waitForTimeout(6000);
      const reminders = await messagesOf(page, 'ipo_payment_reminder');
      expect(reminders).toHaveLength(2);
      const morning = reminders[0] as MessageItem;
      for (const lang of LANGS) {
        await inLanguage(browser, page, lang, async (langPage) => {
          const text = await messageText(langPage, morning.id, `ipo-deadline-reminder-${lang}`);
          expect(plain(text)).toContain(DEADLINE_TEXT[lang]);
          expect(text).toContain({ en: 'today', tw: '今日', jp: '本日' }[lang]);
        });
      }
    },
    JOURNEY_MS,
  );
});
