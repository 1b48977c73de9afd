// Funds forms and answers (docs/api/funds.md), shared by the mf-funds pages and the
// server. Amounts travel as decimal text in major units and come back as Money (integer
// minor units as text), so nothing on either side goes through floating point.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { fundPasswordSchema } from './account';
import { UPLOAD_KEY_PATTERN } from './identity';
import { isKatakanaName, normaliseKanaName } from './kana';
import { parseStrictDecimal, rowIdSchema } from './numbers';

export { isKatakanaName, normaliseKanaName } from './kana';

// ---------------------------------------------------------------------------------------
// Currencies (ISO 4217 minor units; 'RMB' is the spec's name for CNY).
// ---------------------------------------------------------------------------------------
export const CURRENCIES = {
  JPY: { decimals: 0, names: { tw: '日圓', jp: '日本円', en: 'Japanese yen' } },
  USD: { decimals: 2, names: { tw: '美元', jp: '米ドル', en: 'US dollar' } },
  RMB: { decimals: 2, names: { tw: '人民幣', jp: '人民元', en: 'Chinese yuan' } },
  TWD: { decimals: 2, names: { tw: '新台幣', jp: '台湾ドル', en: 'New Taiwan dollar' } },
  HKD: { decimals: 2, names: { tw: '港幣', jp: '香港ドル', en: 'Hong Kong dollar' } },
  THB: { decimals: 2, names: { tw: '泰銖', jp: 'タイバーツ', en: 'Thai baht' } },
  VND: { decimals: 0, names: { tw: '越南盾', jp: 'ベトナムドン', en: 'Vietnamese dong' } },
  MYR: { decimals: 2, names: { tw: '馬來西亞令吉', jp: 'マレーシアリンギット', en: 'Malaysian ringgit' } },
  KRW: { decimals: 0, names: { tw: '韓元', jp: '韓国ウォン', en: 'South Korean won' } },
  INR: { decimals: 2, names: { tw: '印度盧比', jp: 'インドルピー', en: 'Indian rupee' } },
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

export function isCurrencyCode(text: string): text is CurrencyCode {
  return Object.prototype.hasOwnProperty.call(CURRENCIES, text);
}

export const currencyCodeSchema = z
  .string({ error: MSG.currencyUnsupported })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCurrencyCode, { error: MSG.currencyUnsupported })
  .transform((v) => v as CurrencyCode);

// ---------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------

export type AmountParse = { ok: true; minor: bigint } | { ok: false; error: typeof MSG.amountInvalid | typeof MSG.amountTooManyDecimals };

/**
 * Decimal text in major units → integer minor units of a currency with `decimals`
 * places. '12.30' USD → 1230n; '1.5' JPY → too many decimals; '0' → invalid.
 */
export function parseAmountToMinor(text: string, decimals: number): AmountParse {
  const parsed = parseStrictDecimal(text, { maxDecimals: decimals });
  if (!parsed.ok) return { ok: false, error: parsed.reason === 'decimals' ? MSG.amountTooManyDecimals : MSG.amountInvalid };
  const minor = BigInt((parsed.value.int || '0') + parsed.value.frac.padEnd(decimals, '0'));
  if (minor <= 0n) return { ok: false, error: MSG.amountInvalid };
  return { ok: true, minor };
}

/** Integer minor units → exact major-unit text with exactly `decimals` places ('-1230' USD → '-12.30'). */
export function minorToAmount(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}

/** Plain non-negative decimal text as the form carries it ('100', '12.5'); the currency's decimals are checked where the currency is known. */
export const amountTextSchema = z.string({ error: MSG.amountInvalid }).refine((text) => parseStrictDecimal(text).ok, { error: MSG.amountInvalid });

/** The amount of a JPY form (withdrawals): whole yen above 0. */
export const jpyAmountSchema = amountTextSchema.superRefine((text, ctx) => {
  const parsed = parseAmountToMinor(text, CURRENCIES.JPY.decimals);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
});

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const idempotencyKeySchema = z
  .string({ error: MSG.idempotencyKeyRequired })
  .trim()
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: MSG.idempotencyKeyRequired });

const pageField = z.coerce.number({ error: MSG.invalidParams }).int({ error: MSG.invalidParams }).min(1, { error: MSG.invalidParams }).optional().default(1);
const sizeField = z.coerce
  .number({ error: MSG.invalidParams })
  .int({ error: MSG.invalidParams })
  .min(1, { error: MSG.invalidParams })
  .max(50, { error: MSG.invalidParams })
  .optional()
  .default(20);
export const pageFormSchema = z.object({ page: pageField, size: sizeField });

const idField = rowIdSchema(MSG.invalidParams);

// ---------------------------------------------------------------------------------------
// Bank cards
// ---------------------------------------------------------------------------------------
export const BANK_ACCOUNT_TYPES = ['ordinary', 'current'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const bankCardFormSchema = z.object({
  holderName: z
    .string({ error: MSG.holderNameKatakana })
    .transform(normaliseKanaName)
    .refine(isKatakanaName, { error: MSG.holderNameKatakana })
    .refine((v) => v.length <= 60, { error: MSG.holderNameKatakana }),
  bankCode: z
    .string({ error: MSG.bankNotFound })
    .trim()
    .regex(/^\d{4}$/, { error: MSG.bankNotFound }),
  branchCode: z
    .string({ error: MSG.branchNotFound })
    .trim()
    .regex(/^\d{3}$/, { error: MSG.branchNotFound }),
  accountNumber: z
    .string({ error: MSG.bankAccountNumberInvalid })
    .trim()
    .regex(/^\d{7}$/, { error: MSG.bankAccountNumberInvalid }),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: MSG.bankAccountTypeInvalid }),
});
export const bankCardUpdateFormSchema = bankCardFormSchema.extend({ id: idField });
export const bankCardIdFormSchema = z.object({ id: idField });
export const bankSearchFormSchema = z.object({ q: z.string().trim().max(40).optional().default('') });
export const branchSearchFormSchema = z.object({
  bankCode: z
    .string({ error: MSG.bankNotFound })
    .trim()
    .regex(/^\d{4}$/, { error: MSG.bankNotFound }),
  q: z.string().trim().max(40).optional().default(''),
});

// ---------------------------------------------------------------------------------------
// Deposits, withdrawals, exchange, records
// ---------------------------------------------------------------------------------------
export const depositFormSchema = z.object({
  channelId: z
    .string({ error: MSG.depositChannelNotFound })
    .trim()
    .min(1, { error: MSG.depositChannelNotFound })
    .max(40, { error: MSG.depositChannelNotFound }),
  amount: amountTextSchema,
  proofKey: z
    .string({ error: MSG.depositProofMissing })
    .trim()
    .min(1, { error: MSG.depositProofMissing })
    .regex(UPLOAD_KEY_PATTERN, { error: MSG.uploadNotFound }),
  idempotencyKey: idempotencyKeySchema,
});

export const withdrawFormSchema = z.object({
  cardId: rowIdSchema(MSG.bankCardRequired),
  amount: jpyAmountSchema,
  fundPassword: fundPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});

export const exchangeQuoteFormSchema = z
  .object({ from: currencyCodeSchema, to: currencyCodeSchema, amount: amountTextSchema })
  .refine((f) => f.from !== f.to, { error: MSG.sameCurrency, path: ['to'] });

export const exchangeFormSchema = z.object({
  quoteId: z.uuid({ error: MSG.exchangeQuoteNotFound }),
  idempotencyKey: idempotencyKeySchema,
});

export const FUND_RECORD_TABS = ['trade', 'deposit', 'withdraw'] as const;
export type FundRecordTab = (typeof FUND_RECORD_TABS)[number];
export const fundRecordsFormSchema = pageFormSchema.extend({ tab: z.enum(FUND_RECORD_TABS, { error: MSG.invalidParams }) });
export const transactionsFormSchema = pageFormSchema.extend({ currency: currencyCodeSchema.optional() });

export const WALLET_FIGURES = ['totalAssets', 'balance', 'available', 'frozen', 'usdAmount', 'cash'] as const;
export type WalletFigure = (typeof WALLET_FIGURES)[number];
export const walletPostingsFormSchema = pageFormSchema.extend({
  figure: z.enum(WALLET_FIGURES, { error: MSG.invalidParams }),
  currency: currencyCodeSchema.optional(),
});

export type DepositForm = z.input<typeof depositFormSchema>;
export type WithdrawForm = z.input<typeof withdrawFormSchema>;
export type BankCardForm = z.input<typeof bankCardFormSchema>;
export type ExchangeQuoteForm = z.input<typeof exchangeQuoteFormSchema>;

// ---------------------------------------------------------------------------------------
// Answers (docs/api/funds.md)
// ---------------------------------------------------------------------------------------
export interface Money {
  currency: CurrencyCode;
  /** Integer minor units as decimal text (may start with '-'). */
  minor: string;
  /** The same value in major units with exactly the currency's decimals. */
  amount: string;
}
export interface LocalisedNames {
  tw: string;
  jp: string;
  en: string;
}
export interface Page<T> {
  list: T[];
  page: number;
  size: number;
  total: number;
  hasMore: boolean;
}
export { JOURNAL_TYPES, type JournalType } from '../journal-types';
import type { JournalType } from '../journal-types';
export interface HoldLine {
  source: string;
  amount: Money;
}
export interface CurrencyBalance {
  currency: CurrencyCode;
  balance: Money;
  cash: Money;
  frozen: Money;
  held: Money;
  available: Money;
  jpyValue: Money;
}
/**
 * Money held until a known date (sale proceeds until settlement, T+2 JST business days), by
 * date: part of the holds, shown on its own line so the customer sees when it can leave.
 */
export interface UnsettledLine {
  /** The hold source it belongs to ('unsettled-proceeds'). */
  source: string;
  amount: Money;
  /** JST date 'YYYY-MM-DD' the amount settles and stops being held. */
  settlesOn: string;
}
export interface Wallet {
  baseCurrency: 'JPY';
  totalAssets: Money;
  balance: Money;
  /** Withdrawable now: cash − every hold, never below 0. */
  available: Money;
  frozen: Money;
  usdAmount: Money;
  holds: HoldLine[];
  /**
   * The customer's money set aside outside the balance (`ipo-escrow`: IPO applications until the
   * draw and payment), one line per kind with an amount; counted in totalAssets.
   */
  escrow: HoldLine[];
  /** The holds that end on a known date (unsettled sale proceeds), earliest first. */
  unsettled: UnsettledLine[];
  currencies: CurrencyBalance[];
  rates: { asOf: string; simulated: true; provider: string };
}
export interface PostingItem {
  id: string;
  journalId: string;
  type: JournalType;
  reference: string;
  account: string;
  amount: Money;
  at: string;
}
export interface WalletPostingsPage extends Page<PostingItem> {
  figure: WalletFigure;
  currency: CurrencyCode | null;
  sum: Money[];
  holds: HoldLine[];
}
export interface TransactionsPage extends Page<PostingItem> {
  totals: Money[];
}
export interface TradeRecord {
  id: string;
  type: JournalType;
  reference: string;
  at: string;
  changes: Money[];
  memo: string | null;
}
export interface CurrencyInfo {
  code: CurrencyCode;
  decimals: number;
  names: LocalisedNames;
}
export interface RatesAnswer {
  base: 'JPY';
  asOf: string;
  simulated: true;
  provider: string;
  list: { currency: CurrencyCode; jpyPerUnit: string }[];
}
export interface BankInfo {
  code: string;
  name: string;
  kana: string;
  /** Romanised name shown beside the Japanese one to readers of en, hi and id: a major bank's English name, else Hepburn ("Shinjuku"). */
  roma: string;
}
export interface BankCard {
  id: number;
  holderName: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumberMasked: string;
  createdAt: string;
}
export interface DepositChannel {
  id: string;
  kind: 'bank_transfer';
  currency: CurrencyCode;
  min: Money;
  max: Money;
  names: LocalisedNames;
  payee: {
    bankName: string;
    branchName: string;
    accountType: BankAccountType;
    accountNumber: string;
    holderName: string;
    /** The names romanised, shown beside the Japanese ones to readers of en, hi and id (null: none configured). */
    roma: { bankName: string; branchName: string; holderName: string } | null;
  };
}
export interface DepositInfo {
  channels: DepositChannel[];
  window: string;
  days: string;
  open: boolean;
  demoAutoApprove: boolean;
  autoApproveSeconds: number;
  customerService: { kind: 'chat'; route: string };
}
export type DepositState = 'pending' | 'approved' | 'rejected';
export interface DepositRecord {
  id: number;
  channelId: string;
  amount: Money;
  proofKey: string;
  state: DepositState;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  autoApproveAt: string | null;
  replayed?: true;
}
export interface DepositRecordsPage extends Page<DepositRecord> {
  totals: Money[];
}
export interface WithdrawalCardSnapshot {
  bankName: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumberMasked: string;
  holderName: string;
}
export type WithdrawalState = 'pending' | 'paid' | 'rejected';
export interface WithdrawalRecord {
  id: number;
  amount: Money;
  card: WithdrawalCardSnapshot;
  state: WithdrawalState;
  rejectReason: string | null;
  createdAt: string;
  reviewBy: string;
  expectedBy: string;
  reviewedAt: string | null;
  replayed?: true;
}
export interface WithdrawalRecordsPage extends Page<WithdrawalRecord> {
  totals: Money[];
}
export interface WithdrawInfo {
  currency: 'JPY';
  window: string;
  days: string;
  open: boolean;
  min: Money;
  max: Money;
  /** Withdrawable now: cash − every hold, never below 0. */
  available: Money;
  holds: HoldLine[];
  /** The holds that end on a known date (unsettled sale proceeds), earliest first. */
  unsettled: UnsettledLine[];
  cards: BankCard[];
  verification: 'unverified' | 'under_review' | 'verified' | 'rejected';
  hasFundPassword: boolean;
  arrival: { typicalHours: number; latest: string; reviewHours: number };
}
export interface ExchangeQuote {
  quoteId: string;
  from: Money;
  to: Money;
  rate: string;
  inverseRate: string;
  fee: Money;
  createdAt: string;
  expiresAt: string;
}
export interface ExchangeRecord {
  id: number;
  quoteId: string;
  from: Money;
  to: Money;
  rate: string;
  at: string;
  replayed?: true;
}
