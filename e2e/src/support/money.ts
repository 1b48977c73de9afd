// Money set-up that is about something else than the screens under test: verified identity
// (the operator approves through the ops CLI), a fund password, and yen deposited and
// approved, through the same API calls the screens make. Also reading amounts off a screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mustCall } from './api';
import { launchPhone, newPhoneContext } from './browser';
import { openFundsWindowsAllDay, ops } from './ops-cli';
import { makePng } from './png';
import { signInAtLocalhost } from './session';

export const FUND_PASSWORD = '246810';

/** Uploads a small PNG the way the SDK's uploadImage does (policy, then the storage form); returns its key. */
export async function uploadPng(page: Page, purpose: 'kyc-front' | 'kyc-back' | 'deposit-proof', colour: [number, number, number]): Promise<string> {
  const png = makePng(32, 20, colour).toString('base64');
  return page.evaluate(
    async ({ base64, purpose }) => {
      const headers: Record<string, string> = { token: localStorage.getItem('token') ?? '', account: localStorage.getItem('account') ?? '' };
      const name = Array.from({ length: 15 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
      const key = `imgs/${name}.png`;
      const policyAnswer = (await (await fetch(`/api/common/upload?${new URLSearchParams({ key, purpose })}`, { headers })).json()) as Record<string, unknown>;
      const policy = (policyAnswer.data ?? policyAnswer) as { baseUrl: string; policy: string; accessid: string; signature: string };
      const form = new FormData();
      form.append('name', 'e2e.png');
      form.append('key', key);
      form.append('policy', policy.policy);
      form.append('OSSAccessKeyId', policy.accessid);
      form.append('success_action_status', '200');
      form.append('signature', policy.signature);
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'e2e.png');
      const sent = await fetch(policy.baseUrl, { method: 'POST', body: form });
      if (sent.status !== 200) throw new Error(`upload answered ${sent.status}`);
      return key;
    },
    { base64: png, purpose },
  );
}

/**
 * Verified identity (operator approval), a fund password, and a deposit of `yen` JPY requested
 * with a proof image, waiting for the operator's decision: its id.
 */
export async function requestVerifiedDeposit(page: Page, account: string, yen: number): Promise<number> {
  const [front, back] = [await uploadPng(page, 'kyc-front', [200, 40, 40]), await uploadPng(page, 'kyc-back', [40, 40, 200])];
  await mustCall(page, 'user/realNameSubmit', {
    realName: '山田 太郎',
    nameKana: 'やまだ たろう',
    idNumber: 'AB1234567',
    docType: 'driving_licence',
    frontKey: front,
    backKey: back,
  });
  ops('kyc-approve', account, '--reason', 'e2e: documents match');
  await mustCall(page, 'user/setFundPassword', { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD });
  const info = await mustCall<{ channels: { id: string; currency: string }[] }>(page, 'funds/depositInfo', {});
  const channel = info.channels.find((c) => c.currency === 'JPY');
  if (!channel) throw new Error('no JPY deposit channel');
  const proof = await uploadPng(page, 'deposit-proof', [30, 160, 90]);
  const deposit = await mustCall<{ id: number }>(page, 'funds/deposit', {
    channelId: channel.id,
    amount: String(yen),
    proofKey: proof,
    idempotencyKey: `e2e-${Date.now()}`,
  });
  return deposit.id;
}

/** Verified identity (operator approval), a fund password, and `yen` JPY deposited and approved. */
export async function fundAccount(page: Page, account: string, yen: number): Promise<void> {
  const depositId = await requestVerifiedDeposit(page, account, yen);
  ops('deposit-approve', String(depositId), '--reason', 'e2e: receipt matches');
}

export interface Customer {
  account: string;
  context: BrowserContext;
  page: Page;
}

/** A fresh, verified customer with a fund password and `yen` deposited, in their own phone context. */
export async function fundedCustomer(browser: Browser, yen: number, lang = 'en'): Promise<Customer> {
  const context = await newPhoneContext(browser, { lang });
  const page = await context.newPage();
  const account = await signInAtLocalhost(page);
  await fundAccount(page, account, yen);
  return { account, context, page };
}

/**
 * A phone browser of its own, in `lang`, signed in as a fresh verified customer with a fund
 * password and `yen` deposited (deposit windows opened all day first).
 */
export async function fundedPhone(yen: number, lang = 'en'): Promise<{ browser: Browser; page: Page; account: string }> {
  openFundsWindowsAllDay(['deposit']);
  const { browser, page } = await launchPhone({ lang });
  const account = await signInAtLocalhost(page);
  await fundAccount(page, account, yen);
  return { browser, page, account };
}

/** '¥1,234' / '+¥950' / '-¥1,200' → integer yen. */
export function yenOf(text: string): number {
  const match = /([+-])?¥([\d,]+)/.exec(text.trim());
  if (!match) throw new Error(`no yen amount in "${text}"`);
  const value = Number((match[2] ?? '0').replace(/,/g, ''));
  return match[1] === '-' ? -value : value;
}

/** '¥1,234' / '$12.30' / '-¥500' / '+$3.00' → integer minor units. */
export function minorOf(text: string): bigint {
  const match = /([+-])?[¥$]?([\d,]+)(?:\.(\d+))?/.exec(text.trim());
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, int = '0', frac = ''] = match;
  const minor = BigInt(int.replace(/,/g, '') + frac);
  return sign === '-' ? -minor : minor;
}
