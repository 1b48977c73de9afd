// Currency exchange (ROUTES.exchange): the ten currencies of spec §9, a live quote
// at simulated real-time mid rates with its expiry countdown, no fee: the rate shown
// is the rate applied (docs/api/funds.md §7). Exchange records: ROUTES.exchangeRecords.
import { Button, Input, Result, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ROUTES, MSG, errorMessage, translateMessage, formatMoneyText } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import {
  CURRENCIES,
  CURRENCY_CODES,
  exchangeQuoteFormSchema,
  firstErrorKey,
  parseAmountToMinor,
  type CurrencyCode,
  type ExchangeQuote,
  type ExchangeRecord,
} from '@kabuto/shared-sdk/schemas';
import { useExchangeMutation, useExchangeQuoteMutation, useGetWalletQuery } from '../../api/funds';
import { Refusal, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { quoteSecondsLeft } from './quote-clock';
import { kit as styles } from '@kabuto/shared-sdk/ui';

function currencyName(code: CurrencyCode, lang: string): string {
  const names = CURRENCIES[code].names;
  return lang === 'tw' || lang === 'jp' ? names[lang] : names.en;
}

/** Rates come with 10 decimals; trailing zeros say nothing. */
function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

function useSecondsLeft(quote: ExchangeQuote | null, receivedAt: number): number {
  // The clock ticks only while a quote is shown; before its first tick a quote is as old
  // as when it arrived (receivedAt is set with it).
  const [tick, setTick] = useState<{ quote: ExchangeQuote | null; now: number }>({ quote: null, now: 0 });
  useEffect(() => {
    if (!quote) return undefined;
    const timer = setInterval(() => setTick({ quote, now: Date.now() }), 250);
    return () => clearInterval(timer);
  }, [quote]);
  return quote ? quoteSecondsLeft(quote, receivedAt, tick.quote === quote ? tick.now : receivedAt) : 0;
}

function CurrencyPicker({ label, value, onChange, testId }: { label: string; value: CurrencyCode; onChange(code: CurrencyCode): void; testId: string }) {
  const { lang } = useFundsText();
  return (
    <div data-testid={testId}>
      <p className={styles.label}>{label}</p>
      <Selector
        columns={5}
        value={[value]}
        onChange={(values) => values[0] && onChange(values[0])}
        options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
        style={{ '--padding': '8px 4px' }}
      />
      <p className={styles.muted}>{currencyName(value, lang)}</p>
    </div>
  );
}

export default function ExchangePage() {
  const { t, lang } = useFundsText();
  const navigate = useNavigate();
  const { data: wallet } = useGetWalletQuery();
  const [askQuote, { isLoading: quoting }] = useExchangeQuoteMutation();
  const [exchange, { isLoading: exchanging }] = useExchangeMutation();
  const keys = useSubmissionKeys();
  const [from, setFrom] = useState<CurrencyCode>('JPY');
  const [to, setTo] = useState<CurrencyCode>('USD');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [receivedAt, setReceivedAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ExchangeRecord | null>(null);
  const secondsLeft = useSecondsLeft(quote, receivedAt);
  const available = wallet?.currencies.find((c) => c.currency === from)?.available;

  // A changed form makes the shown quote stale: it must not be confirmed by mistake.
  // (Adjusted while rendering, so the stale quote is never on screen.)
  const form = JSON.stringify([from, to, amount]);
  const [quotedForm, setQuotedForm] = useState(form);
  if (quotedForm !== form) {
    setQuotedForm(form);
    setQuote(null);
  }

  async function getQuote() {
    const checked = exchangeQuoteFormSchema.safeParse({ from, to, amount: amount.trim() });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    const parsed = parseAmountToMinor(checked.data.amount, CURRENCIES[from].decimals);
    if (!parsed.ok) {
      setError(translateMessage(parsed.error, lang));
      return;
    }
    setError(null);
    const answer = await askQuote({ from, to, amount: checked.data.amount });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    setReceivedAt(Date.now());
    setQuote(answer.data ?? null);
  }

  async function confirm() {
    if (!quote) return;
    const answer = await exchange({ quoteId: quote.quoteId, idempotencyKey: keys.keyFor({ quoteId: quote.quoteId }) });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      const msg = 'msg' in answer.error ? answer.error.msg : '';
      // A used-up quote cannot be confirmed again: offer a new one.
      if (msg === MSG.exchangeQuoteExpired || msg === MSG.exchangeQuoteNotFound) setQuote(null);
      return;
    }
    keys.settle();
    setDone(answer.data ?? null);
  }

  if (done) {
    return (
      <div className={styles.page} data-testid="exchange-done">
        <Result
          status="success"
          title={t('fx.done')}
          description={`${formatMoneyText(done.from)} → ${formatMoneyText(done.to)} · 1 ${done.from.currency} = ${trimRate(done.rate)} ${done.to.currency}`}
        />
        <Button block color="primary" onClick={() => navigate(ROUTES.exchangeRecords)}>
          {t('fx.records')}
        </Button>
        <Button
          block
          onClick={() => {
            setDone(null);
            setAmount('');
          }}
        >
          {t('fx.again')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="exchange">
      <section className={styles.card}>
        <CurrencyPicker label={t('fx.from')} value={from} onChange={setFrom} testId="fx-from" />
        <CurrencyPicker label={t('fx.to')} value={to} onChange={setTo} testId="fx-to" />
        <p className={styles.label}>{t('fx.amount', { currency: from })}</p>
        <Input
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          placeholder="0"
          aria-label={t('fx.amount', { currency: from })}
          data-testid="fx-amount"
        />
        {available && <p className={styles.muted}>{t('fx.available', { amount: formatMoneyText(available) })}</p>}
      </section>
      <p className={styles.note}>{t('fx.noFee')}</p>
      <Refusal text={error} testId="form-error" />
      {quote && (
        <section className={styles.card} data-testid="fx-quote">
          <div className={styles.row}>
            <span>{t('fx.rate')}</span>
            <span className={styles.value} data-testid="fx-rate">
              1 {quote.from.currency} = {trimRate(quote.rate)} {quote.to.currency}
            </span>
          </div>
          <div className={styles.row}>
            <span className={styles.muted}>{t('fx.inverse')}</span>
            <span className={styles.muted}>
              1 {quote.to.currency} = {trimRate(quote.inverseRate)} {quote.from.currency}
            </span>
          </div>
          <div className={styles.row}>
            <span>{t('fx.youPay')}</span>
            <span className={styles.value}>{formatMoneyText(quote.from)}</span>
          </div>
          <div className={styles.row}>
            <span>{t('fx.youGet')}</span>
            <span className={styles.value} data-testid="fx-receive">
              {formatMoneyText(quote.to)}
            </span>
          </div>
          <div className={styles.row}>
            <span>{t('fx.fee')}</span>
            <span className={styles.value}>{formatMoneyText(quote.fee)}</span>
          </div>
          <p className={styles.muted}>{t('fx.rounding')}</p>
          <p className={secondsLeft > 0 ? styles.muted : styles.error} data-testid="fx-countdown">
            {secondsLeft > 0 ? t('fx.expiresIn', { seconds: secondsLeft }) : t('fx.expired')}
          </p>
        </section>
      )}
      {quote && secondsLeft > 0 ? (
        <Button block color="primary" size="large" loading={exchanging} onClick={() => void confirm()} data-testid="fx-confirm">
          {t('fx.confirm')}
        </Button>
      ) : (
        <Button block color="primary" size="large" loading={quoting} onClick={() => void getQuote()} data-testid="fx-quote-button">
          {quote ? t('fx.requote') : t('fx.getQuote')}
        </Button>
      )}
      <Button block fill="none" onClick={() => navigate(ROUTES.exchangeRecords)}>
        {t('fx.records')}
      </Button>
      <p className={styles.simulated}>{t('fx.simulated')}</p>
    </div>
  );
}
