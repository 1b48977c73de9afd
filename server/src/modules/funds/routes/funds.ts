// The customer calls of the `funds` group (docs/api/funds.md). Each handler parses its
// form with the shared schema and calls a service; refusals travel as ApiFailure.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  CURRENCIES,
  CURRENCY_CODES,
  bankCardFormSchema,
  bankCardIdFormSchema,
  bankCardUpdateFormSchema,
  bankSearchFormSchema,
  branchSearchFormSchema,
  exchangeFormSchema,
  exchangeQuoteFormSchema,
  fundRecordsFormSchema,
  minorToAmount,
  transactionsFormSchema,
  walletPostingsFormSchema,
  withdrawFormSchema,
  type CurrencyCode,
  type RatesAnswer,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentUser, forbidInstitution, provenUserLimit, requireNotRestricted, requireStepUp, requireUser, requireVerifiedIdentity } from '../../identity';
import { addCard, bankCardView, deleteCard, listCards, MAX_BANK_CARDS, updateCard } from '../bank-cards/cards';
import { findBank, searchBanks, searchBranches } from '../bank-cards/zengin';
import { FUNDS_API, type FundsDeps, type FundsCustomer } from '../deps';
import { depositInfo, depositRequestSchema, submitDeposit } from '../deposits/deposits';
import { executeExchange, quoteExchange } from '../exchange/exchange';
import { RATE_DECIMALS } from '../exchange/rates';
import { refuse } from '../failures';
import { ACCOUNT_KINDS } from '../ledger/accounts';
import { moneyList, toMoney } from '../money';
import { notifyCardChange } from '../notices';
import { customerPostings, pageOf } from '../records/postings';
import { depositRecords, tradeRecords, withdrawalRecords } from '../records/records';
import { buildWallet, currencyFigures } from '../wallet/wallet';
import { submitWithdrawal, withdrawInfo } from '../withdrawals/withdrawals';

/**
 * "Submitting too often": money-moving calls per user and minute, counted after the
 * session is proven (preHandler, after the member guards), so nobody but the customer can
 * spend the customer's allowance.
 */
export const MONEY_CALLS_PER_MINUTE = 60;
const moneyRateLimit = { rateLimit: provenUserLimit(MONEY_CALLS_PER_MINUTE, '1 minute') };

function customer(request: FastifyRequest): FundsCustomer {
  const me = currentUser(request);
  return { id: me.id, account: me.account };
}

const KIND_OF_FIGURE = {
  cash: [ACCOUNT_KINDS.customerCash],
  available: [ACCOUNT_KINDS.customerCash],
  frozen: [ACCOUNT_KINDS.customerFrozen],
  balance: [ACCOUNT_KINDS.customerCash, ACCOUNT_KINDS.customerFrozen],
  usdAmount: [ACCOUNT_KINDS.customerCash, ACCOUNT_KINDS.customerFrozen],
  totalAssets: [ACCOUNT_KINDS.customerCash, ACCOUNT_KINDS.customerFrozen],
} as const;

export async function fundsRoutes(app: FastifyInstance, ctx: FundsDeps): Promise<void> {
  const { db, clock } = ctx;
  const member = [requireUser, forbidInstitution];
  const cardChange = [requireUser, forbidInstitution, requireVerifiedIdentity, requireStepUp('bank-card')];

  // ---- wallet, postings, records -------------------------------------------------------
  // Reads never write: demo deposits are approved by the plugin's sweeper, not by reading.
  app.post(`${FUNDS_API}/wallet`, { preHandler: member, config: { summary: 'Wallet: balances per currency and the totals' } }, async (request) =>
    ok(await buildWallet(ctx, customer(request).id)),
  );

  app.post(
    `${FUNDS_API}/walletPostings`,
    { preHandler: member, config: { summary: 'Ledger postings behind one wallet figure', form: walletPostingsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, walletPostingsFormSchema);
      const me = customer(request);
      const currency: CurrencyCode | null = form.figure === 'totalAssets' ? null : form.figure === 'usdAmount' ? 'USD' : (form.currency ?? 'JPY');
      const result = await customerPostings(
        db,
        {
          userId: me.id,
          // Total assets count the escrowed money too (buildWallet): its postings belong behind the figure.
          kinds: [...KIND_OF_FIGURE[form.figure], ...(form.figure === 'totalAssets' ? ctx.extensions.escrowAccounts.map((a) => a.kind) : [])],
          currencies: currency ? [currency] : undefined,
        },
        form.page,
        form.size,
      );
      const figures = form.figure === 'available' && currency ? (await currencyFigures(ctx, db, me.id)).find((f) => f.currency === currency) : undefined;
      return ok({
        ...pageOf(result.list, result.total, form.page, form.size),
        figure: form.figure,
        currency,
        sum: moneyList(currency && !result.sums.has(currency) ? new Map([[currency, 0n]]) : result.sums),
        holds: figures ? figures.holdLines.map((l) => ({ source: l.source, amount: toMoney(figures.currency, l.minor) })) : [],
      });
    },
  );

  app.post(
    `${FUNDS_API}/transactions`,
    { preHandler: member, config: { summary: 'Ledger postings of the customer, newest first', form: transactionsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, transactionsFormSchema);
      const result = await customerPostings(
        db,
        { userId: customer(request).id, currencies: form.currency ? [form.currency] : undefined },
        form.page,
        form.size,
      );
      return ok({ ...pageOf(result.list, result.total, form.page, form.size), totals: moneyList(result.sums) });
    },
  );

  app.post(
    `${FUNDS_API}/records`,
    { preHandler: member, config: { summary: 'Deposit, withdrawal or trade records (tab)', form: fundRecordsFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, fundRecordsFormSchema);
      const me = customer(request);
      if (form.tab === 'deposit') return ok(await depositRecords(db, me.id, form.page, form.size));
      if (form.tab === 'withdraw') return ok(await withdrawalRecords(db, me.id, form.page, form.size));
      return ok(await tradeRecords(db, me.id, form.page, form.size));
    },
  );

  // ---- currencies and rates ------------------------------------------------------------
  app.post(`${FUNDS_API}/currencies`, { preHandler: member, config: { summary: 'Supported currencies and their decimals' } }, async () =>
    ok({ list: CURRENCY_CODES.map((code) => ({ code, decimals: CURRENCIES[code].decimals, names: CURRENCIES[code].names })) }),
  );

  app.post(`${FUNDS_API}/rates`, { preHandler: member, config: { summary: 'Simulated exchange rates (JPY per unit)' } }, async () => {
    const snapshot = ctx.rates.ratesAt(clock.now());
    const answer: RatesAnswer = {
      base: 'JPY',
      asOf: snapshot.asOf.toISOString(),
      simulated: true,
      provider: snapshot.provider,
      list: CURRENCY_CODES.map((currency) => ({ currency, jpyPerUnit: minorToAmount(snapshot.jpyPerUnit[currency], RATE_DECIMALS) })),
    };
    return ok(answer);
  });

  // ---- bank cards ----------------------------------------------------------------------
  app.post(
    `${FUNDS_API}/banks`,
    { preHandler: member, config: { summary: 'Search Japanese banks (Zengin code)', form: bankSearchFormSchema } },
    async (request) => {
      const { q } = parseRouteForm(request, bankSearchFormSchema);
      return ok({ list: searchBanks(q, 50) });
    },
  );

  app.post(
    `${FUNDS_API}/branches`,
    { preHandler: member, config: { summary: 'Search the branches of a bank', form: branchSearchFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, branchSearchFormSchema);
      const bank = findBank(form.bankCode);
      if (!bank) refuse(MSG.bankNotFound);
      return ok({ list: searchBranches(bank, form.q, 100) });
    },
  );

  app.post(`${FUNDS_API}/bankCards`, { preHandler: member, config: { summary: 'The bank accounts registered for withdrawals' } }, async (request) =>
    ok({ list: (await listCards(db, customer(request).id)).map(bankCardView), max: MAX_BANK_CARDS }),
  );

  app.post(
    `${FUNDS_API}/bankCardAdd`,
    { preHandler: cardChange, config: { summary: 'Register a bank account', form: bankCardFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, bankCardFormSchema);
      const card = await addCard(db, clock, customer(request).id, form);
      await notifyCardChange(ctx, card.userId, 'added', card);
      return ok(bankCardView(card), MSG.bindSuccess);
    },
  );

  app.post(
    `${FUNDS_API}/bankCardUpdate`,
    { preHandler: cardChange, config: { summary: 'Change a registered bank account', form: bankCardUpdateFormSchema } },
    async (request) => {
      const { id, ...form } = parseRouteForm(request, bankCardUpdateFormSchema);
      const card = await updateCard(db, clock, customer(request).id, id, form);
      await notifyCardChange(ctx, card.userId, 'changed', card);
      return ok(bankCardView(card), MSG.modifySuccess);
    },
  );

  app.post(
    `${FUNDS_API}/bankCardDelete`,
    {
      preHandler: [requireUser, forbidInstitution, requireStepUp('bank-card')],
      config: { summary: 'Delete a registered bank account', form: bankCardIdFormSchema },
    },
    async (request) => {
      const { id } = parseRouteForm(request, bankCardIdFormSchema);
      const card = await deleteCard(db, clock, customer(request).id, id);
      await notifyCardChange(ctx, card.userId, 'deleted', card);
      return ok(null, MSG.deleteSuccess);
    },
  );

  // ---- deposits ------------------------------------------------------------------------
  app.post(`${FUNDS_API}/depositInfo`, { preHandler: member, config: { summary: 'Deposit channels and limits' } }, async () => ok(await depositInfo(ctx)));

  app.post(
    `${FUNDS_API}/deposit`,
    { preHandler: member, config: { ...moneyRateLimit, summary: 'Submit a paper-money deposit with its transfer proof', form: depositRequestSchema } },
    async (request) => {
      const form = parseRouteForm(request, depositRequestSchema);
      return submitDeposit(ctx, customer(request), form);
    },
  );

  // ---- withdrawals ---------------------------------------------------------------------
  app.post(`${FUNDS_API}/withdrawInfo`, { preHandler: member, config: { summary: 'Withdrawal limits, fee and the withdrawable amount' } }, async (request) =>
    ok(await withdrawInfo(ctx, customer(request).id)),
  );

  app.post(
    `${FUNDS_API}/withdraw`,
    {
      preHandler: [requireUser, forbidInstitution, requireNotRestricted('withdraw'), requireVerifiedIdentity, requireStepUp('withdraw')],
      config: { ...moneyRateLimit, summary: 'Request a withdrawal to a registered bank account', form: withdrawFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, withdrawFormSchema);
      return submitWithdrawal(ctx, customer(request), form);
    },
  );

  // ---- exchange ------------------------------------------------------------------------
  app.post(
    `${FUNDS_API}/exchangeQuote`,
    { preHandler: member, config: { ...moneyRateLimit, summary: 'Quote a currency exchange (valid for a short time)', form: exchangeQuoteFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, exchangeQuoteFormSchema);
      return ok(await quoteExchange(ctx, customer(request), form));
    },
  );

  app.post(
    `${FUNDS_API}/exchange`,
    { preHandler: member, config: { ...moneyRateLimit, summary: 'Carry out a quoted currency exchange', form: exchangeFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, exchangeFormSchema);
      return executeExchange(ctx, customer(request), form);
    },
  );
}
