// Steps of the trading journeys that are about something else (identity verified, cash
// deposited and approved by the operator, the fund password) go through the same API calls
// the screens make, the operator through the ops CLI; the trading itself happens on screen.
import type { Page } from 'playwright-core';
import { TRADE_TEXTS } from '../../../mf-trade/src/translations';
import { FUND_PASSWORD, callApi } from '../funds/funds-helpers';
import { makePng } from '../support/png';
import { ops } from '../support/ops-cli';

export { FUND_PASSWORD };
export type TradeLang = 'tw' | 'jp' | 'en';

export function tradeText(key: string, lang: TradeLang = 'en', values: Record<string, string | number> = {}): string {
  const text = TRADE_TEXTS[lang][key];
  if (!text) throw new Error(`no trade text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Uploads a small PNG the way the SDK's uploadImage does (policy, then the storage form); returns its key. */
async function uploadPng(page: Page, purpose: 'kyc-front' | 'kyc-back' | 'deposit-proof', colour: [number, number, number]): Promise<string> {
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

async function must(page: Page, path: string, form: Record<string, string>): Promise<unknown> {
  const answer = await callApi(page, path, form);
  if (answer.status !== 1) throw new Error(`${path} refused: ${answer.msg}`);
  return answer.data;
}

/** Verified identity (operator approval), a fund password, and `yen` JPY deposited and approved. */
export async function fundAccount(page: Page, account: string, yen: number): Promise<void> {
  const [front, back] = [await uploadPng(page, 'kyc-front', [200, 40, 40]), await uploadPng(page, 'kyc-back', [40, 40, 200])];
  await must(page, 'user/realNameSubmit', {
    realName: '山田 太郎',
    nameKana: 'やまだ たろう',
    idNumber: 'AB1234567',
    docType: 'driving_licence',
    frontKey: front,
    backKey: back,
  });
  ops('kyc-approve', account, '--reason', 'e2e: documents match');
  await must(page, 'user/setFundPassword', { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD });
  const info = (await must(page, 'funds/depositInfo', {})) as { channels: { id: string; currency: string }[] };
  const channel = info.channels.find((c) => c.currency === 'JPY');
  if (!channel) throw new Error('no JPY deposit channel');
  const proof = await uploadPng(page, 'deposit-proof', [30, 160, 90]);
  const deposit = (await must(page, 'funds/deposit', { channelId: channel.id, amount: String(yen), proofKey: proof, idempotencyKey: `e2e-${Date.now()}` })) as {
    id: number;
  };
  ops('deposit-approve', String(deposit.id), '--reason', 'e2e: receipt matches');
}

/** '¥1,234' / '+¥950' / '-¥1,200' → integer yen. */
export function yenOf(text: string): number {
  const match = /([+-])?¥([\d,]+)/.exec(text.trim());
  if (!match) throw new Error(`no yen amount in "${text}"`);
  const value = Number((match[2] ?? '0').replace(/,/g, ''));
  return match[1] === '-' ? -value : value;
}
