// Currency exchange (exChange/change): quote at the provider's mid rate, then execute
// that quote within 30 s. The rate in the quote is the rate applied; no fee.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  isCurrencyCode,
  minorToAmount,
  parseAmountToMinor,
  type CurrencyCode,
  type ExchangeQuote,
  type ExchangeRecord,
  type exchangeQuoteFormSchema,
  type exchangeFormSchema,
} from '@kabuto/shared-sdk/schemas';
import type { z } from 'zod';
import { fxExchanges, fxQuotes, type FxQuoteRow } from '../schema';
import { ok, type OkEnvelope } from '../../../http/envelope';
import type { FundsDeps, FundsCustomer } from '../deps';
import { refuse } from '../failures';
import { rememberAnswer, replayIfSeen, type IdempotentRequest } from '../idempotency';
import { ACCOUNT_KINDS, brokerAccount, customerCash } from '../ledger/accounts';
import { postJournal } from '../ledger/post';
import { withUserFundsLock } from '../locks';
import { deliverMoneyNotice, noticeAmount, noticeTime, storeMoneyNotice } from '../notices';
import { exchangeDoneNotice } from '../../../notifications/money-notices';
import { decimalsOf, toMoney } from '../money';
import { availableMinor } from '../wallet/wallet';
import { RATE_DECIMALS, RATE_SCALE, convertMinor, crossRate } from './rates';

export const QUOTE_TTL_MS = 30_000;

function currencyOf(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new Error(`unknown currency ${text}`);
  return text;
}

function quoteView(row: FxQuoteRow): ExchangeQuote {
  const from = currencyOf(row.fromCurrency);
  return {
    quoteId: row.id,
    from: toMoney(from, row.fromAmount),
    to: toMoney(currencyOf(row.toCurrency), row.toAmount),
    rate: minorToAmount(row.rateScaled, RATE_DECIMALS),
    inverseRate: minorToAmount((RATE_SCALE * RATE_SCALE) / row.rateScaled, RATE_DECIMALS),
    fee: toMoney(from, 0n),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function quoteExchange(ctx: FundsDeps, user: FundsCustomer, form: z.output<typeof exchangeQuoteFormSchema>): Promise<ExchangeQuote> {
  const amount = parseAmountToMinor(form.amount, decimalsOf(form.from));
  if (!amount.ok) refuse(amount.error);
  const now = ctx.clock.now();
  const snapshot = ctx.rates.ratesAt(now);
  const rateScaled = crossRate(snapshot, form.from, form.to);
  const toAmount = convertMinor(amount.minor, decimalsOf(form.from), decimalsOf(form.to), rateScaled);
  if (toAmount <= 0n) refuse(MSG.exchangeAmountTooSmall);
  const [row] = await ctx.db
    .insert(fxQuotes)
    .values({
      id: randomUUID(),
      userId: user.id,
      fromCurrency: form.from,
      toCurrency: form.to,
      fromAmount: amount.minor,
      toAmount,
      rateScaled,
      provider: snapshot.provider,
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
    })
    .returning();
  if (!row) throw new Error('quote not stored');
  return quoteView(row);
}

export function exchangeView(row: typeof fxExchanges.$inferSelect): ExchangeRecord {
  return {
    id: row.id,
    quoteId: row.quoteId,
    from: toMoney(currencyOf(row.fromCurrency), row.fromAmount),
    to: toMoney(currencyOf(row.toCurrency), row.toAmount),
    rate: minorToAmount(row.rateScaled, RATE_DECIMALS),
    at: row.createdAt.toISOString(),
  };
}

export async function executeExchange(ctx: FundsDeps, user: FundsCustomer, form: z.output<typeof exchangeFormSchema>): Promise<OkEnvelope<ExchangeRecord>> {
  const request: IdempotentRequest = { userId: user.id, key: form.idempotencyKey, action: 'exchange', params: { quoteId: form.quoteId } };
  const seen = await replayIfSeen<ExchangeRecord>(ctx.db, request);
  if (seen) return seen;
  const result = await withUserFundsLock(ctx.db, ctx.clock, user.id, async (tx) => {
    const again = await replayIfSeen<ExchangeRecord>(tx, request);
    if (again) return { answer: again, stored: null };
    const [quote] = await tx
      .select()
      .from(fxQuotes)
      .where(and(eq(fxQuotes.id, form.quoteId), eq(fxQuotes.userId, user.id)))
      .for('update')
      .limit(1);
    if (!quote) refuse(MSG.exchangeQuoteNotFound);
    const now = ctx.clock.now();
    if (quote.usedAt !== null || now.getTime() >= quote.expiresAt.getTime()) refuse(MSG.exchangeQuoteExpired);
    const from = currencyOf(quote.fromCurrency);
    const to = currencyOf(quote.toCurrency);
    if (quote.fromAmount > (await availableMinor(ctx, tx, user.id, from))) refuse(MSG.insufficientAvailableBalance);
    await tx.update(fxQuotes).set({ usedAt: now }).where(eq(fxQuotes.id, quote.id));
    const [exchange] = await tx
      .insert(fxExchanges)
      .values({
        userId: user.id,
        quoteId: quote.id,
        fromCurrency: from,
        toCurrency: to,
        fromAmount: quote.fromAmount,
        toAmount: quote.toAmount,
        rateScaled: quote.rateScaled,
        createdAt: ctx.businessClock.now(),
      })
      .returning();
    if (!exchange) throw new Error('exchange not stored');
    await postJournal(tx, ctx.businessClock, {
      type: 'exchange',
      reference: `exchange:${exchange.id}`,
      userId: user.id,
      memo: `${from}→${to} @ ${minorToAmount(quote.rateScaled, RATE_DECIMALS)}`,
      postings: [
        { account: customerCash(user.id, from), amount: -quote.fromAmount },
        { account: brokerAccount(ACCOUNT_KINDS.fxClearing, from), amount: quote.fromAmount },
        { account: brokerAccount(ACCOUNT_KINDS.fxClearing, to), amount: -quote.toAmount },
        { account: customerCash(user.id, to), amount: quote.toAmount },
      ],
    });
    const answer = ok(exchangeView(exchange), MSG.exchangeSuccess);
    await rememberAnswer(tx, ctx.clock, request, answer);
    const notice = exchangeDoneNotice(noticeAmount(from, quote.fromAmount), noticeAmount(to, quote.toAmount), noticeTime(ctx));
    return { answer, stored: await storeMoneyNotice(ctx, tx, user.id, notice) };
  });
  if (result.stored) await deliverMoneyNotice(ctx, result.stored, [{ event: 'balance', data: { reason: 'exchange' } }]);
  return result.answer;
}
