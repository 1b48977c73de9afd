// Funds settings live in site_config (spec §3: entries by name with value and titles), so
// operators change them with the audited POST /api/ops/funds/config and customers see
// them through /vue/common/config too. Read on every call: a change applies at once.
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isCurrencyCode, parseAmountToMinor, type CurrencyCode, type DepositChannel } from '@kabuto/shared-sdk/schemas';
import { jstParts, jstSecondOfDay } from '../../clock';
import type { Database } from '../../db/client';
import { siteConfig } from '../common';
import { decimalsOf } from './money';

export interface TimeWindow {
  /** Seconds after JST midnight; `end` is exclusive and may be 86400 (24:00). */
  start: number;
  end: number;
  text: string;
}
export type DaysRule = 'mon-sun' | 'mon-fri';

export interface DepositChannelConfig {
  id: string;
  kind: 'bank_transfer';
  currency: CurrencyCode;
  min: bigint;
  max: bigint;
  names: { tw: string; jp: string; en: string };
  payee: DepositPayee;
}

/** The account customers transfer to; `roma` is how readers of English read the Japanese names. */
export type DepositPayee = DepositChannel['payee'];

export interface FundsConfig {
  depositWindow: TimeWindow;
  depositDays: DaysRule;
  depositChannels: DepositChannelConfig[];
  withdrawWindow: TimeWindow;
  withdrawDays: DaysRule;
  /** JPY minor units (= yen). */
  withdrawMin: bigint;
  withdrawMax: bigint;
}

const DEMO_PAYEE = {
  bankName: 'みずほ銀行',
  branchName: '東京営業部',
  accountType: 'ordinary',
  accountNumber: '1234567',
  holderName: 'カブトシヨウケン（カ',
  // Mizuho's own English name of the branch (mizuhobank.co.jp/english); the holder is the company.
  roma: { bankName: 'Mizuho Bank', branchName: 'Tokyo Main Office', holderName: 'Kabuto Shoken K.K.' },
} as const;

export const DEFAULT_DEPOSIT_CHANNELS = [
  {
    id: 'bank-jpy',
    kind: 'bank_transfer',
    currency: 'JPY',
    min: '1000',
    max: '10000000',
    names: { tw: '銀行轉帳（日圓）', jp: '銀行振込（円）', en: 'Bank transfer (JPY)' },
    payee: DEMO_PAYEE,
  },
  {
    id: 'bank-usd',
    kind: 'bank_transfer',
    currency: 'USD',
    min: '10',
    max: '100000',
    names: { tw: '銀行轉帳（美元）', jp: '銀行振込（米ドル）', en: 'Bank transfer (USD)' },
    payee: { ...DEMO_PAYEE, accountNumber: '7654321' },
  },
];

/** name → [default value, English title, Traditional Chinese title]. */
export const FUNDS_CONFIG_DEFAULTS = {
  deposit_time: ['09:00-17:00', 'Deposit hours (JST)', '入金時間（日本時間）'],
  deposit_days: ['mon-sun', 'Deposit days', '入金日'],
  deposit_channels: [JSON.stringify(DEFAULT_DEPOSIT_CHANNELS), 'Deposit channels', '入金通道'],
  // Spec §9 gives three withdrawal windows: weekdays 9:00–15:30 (this default, it ends with
  // the TSE close), 9:00–18:00 Mon–Fri, and 09:00:00–17:00:00 in a message text.
  withdraw_time: ['09:00-15:30', 'Withdrawal hours (JST)', '出金時間（日本時間）'],
  withdraw_days: ['mon-fri', 'Withdrawal days', '出金日'],
  withdraw_min: ['100', 'Minimum withdrawal (JPY)', '最低出金金額（日圓）'],
  withdraw_max: ['10000000', 'Maximum withdrawal (JPY)', '最高出金金額（日圓）'],
} as const;
export type FundsConfigName = keyof typeof FUNDS_CONFIG_DEFAULTS;
export const FUNDS_CONFIG_NAMES = Object.keys(FUNDS_CONFIG_DEFAULTS) as FundsConfigName[];

export class FundsConfigError extends Error {}

export function parseWindow(text: string): TimeWindow {
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) throw new FundsConfigError(`window must look like 09:00-17:00: ${text}`);
  const [h1, m1, h2, m2] = m.slice(1).map(Number) as [number, number, number, number];
  const start = h1 * 3600 + m1 * 60;
  const end = h2 * 3600 + m2 * 60;
  if (m1 > 59 || m2 > 59 || h1 > 23 || end > 86400 || end <= start) throw new FundsConfigError(`not a window within one day: ${text}`);
  return { start, end, text: text.trim() };
}

function parseDays(text: string): DaysRule {
  if (text === 'mon-sun' || text === 'mon-fri') return text;
  throw new FundsConfigError(`days must be mon-sun or mon-fri: ${text}`);
}

function parseJpy(text: string): bigint {
  const parsed = parseAmountToMinor(text, 0);
  if (!parsed.ok) throw new FundsConfigError(`not a whole positive yen amount: ${text}`);
  return parsed.minor;
}

const channelSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  kind: z.literal('bank_transfer'),
  currency: z.string().refine(isCurrencyCode),
  min: z.string(),
  max: z.string(),
  names: z.object({ tw: z.string().min(1), jp: z.string().min(1), en: z.string().min(1) }),
  payee: z.object({
    bankName: z.string(),
    branchName: z.string(),
    accountType: z.enum(['ordinary', 'current']),
    accountNumber: z.string(),
    holderName: z.string(),
    roma: z.object({ bankName: z.string(), branchName: z.string(), holderName: z.string() }).nullable().default(null),
  }),
});

function parseChannels(text: string): DepositChannelConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FundsConfigError('deposit_channels must be JSON');
  }
  const parsed = z.array(channelSchema).safeParse(json);
  if (!parsed.success) throw new FundsConfigError('deposit_channels does not fit the channel shape');
  const ids = new Set<string>();
  return parsed.data.map((c) => {
    const currency = c.currency as CurrencyCode;
    const min = parseAmountToMinor(c.min, decimalsOf(currency));
    const max = parseAmountToMinor(c.max, decimalsOf(currency));
    if (!min.ok || !max.ok || min.minor > max.minor) throw new FundsConfigError(`channel ${c.id}: min and max must be amounts with min ≤ max`);
    if (ids.has(c.id)) throw new FundsConfigError(`channel ${c.id} twice`);
    ids.add(c.id);
    return { ...c, currency, min: min.minor, max: max.minor };
  });
}

/** Checks one setting's value; throws FundsConfigError when it is not acceptable. */
export function validateFundsSetting(name: FundsConfigName, value: string): void {
  switch (name) {
    case 'deposit_time':
    case 'withdraw_time':
      parseWindow(value);
      return;
    case 'deposit_days':
    case 'withdraw_days':
      parseDays(value);
      return;
    case 'withdraw_min':
    case 'withdraw_max':
      parseJpy(value);
      return;
    case 'deposit_channels':
      parseChannels(value);
      return;
  }
}

export async function loadFundsConfig(db: Database): Promise<FundsConfig> {
  const rows = await db.select({ name: siteConfig.name, value: siteConfig.value }).from(siteConfig).where(inArray(siteConfig.name, FUNDS_CONFIG_NAMES));
  const value = (name: FundsConfigName): string => rows.find((r) => r.name === name)?.value ?? FUNDS_CONFIG_DEFAULTS[name][0];
  const config: FundsConfig = {
    depositWindow: parseWindow(value('deposit_time')),
    depositDays: parseDays(value('deposit_days')),
    depositChannels: parseChannels(value('deposit_channels')),
    withdrawWindow: parseWindow(value('withdraw_time')),
    withdrawDays: parseDays(value('withdraw_days')),
    withdrawMin: parseJpy(value('withdraw_min')),
    withdrawMax: parseJpy(value('withdraw_max')),
  };
  if (config.withdrawMin > config.withdrawMax) throw new FundsConfigError('withdraw_min is above withdraw_max');
  return config;
}

export function inWindow(now: Date, window: TimeWindow, days: DaysRule): boolean {
  const weekday = jstParts(now).weekday;
  if (days === 'mon-fri' && (weekday === 0 || weekday === 6)) return false;
  const second = jstSecondOfDay(now);
  return second >= window.start && second < window.end;
}

/** The window as the refusal message shows it: '09:00-15:30', with 'Mon-Fri ' when weekdays only. */
export function windowText(window: TimeWindow, days: DaysRule): string {
  return days === 'mon-fri' ? `Mon-Fri ${window.text}` : window.text;
}
