// The order ticket (spec §2 stock details "open position"): buy or sell, cash or margin
// (long / short with a leverage multiple), limit on the tick grid or market, whole lots,
// the server's estimate (cost, fees, margin required, buying power after), the live best
// bid / ask of the page's quote stream, the fund password (or the session's skip), one
// idempotency key per submission. Every refusal is the catalogue's, translated.
import { Button, Checkbox, Input, Selector } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  PageState,
  ROUTES,
  errorMessage,
  errorMsg,
  offersSupport,
  routeTo,
  selectIsLoggedIn,
  translateMessage,
  useAppSelector,
  useFundPasswordGrantMutation,
  orderTicketFormKey,
  useGetUserInfoQuery,
  type Lang,
  type OrderTicketProps,
  formatDateKey,
  formatMoneyText,
  groupAmount,
} from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  fundPasswordSchema,
  type ConditionalOrderView,
  type MarginKind,
  type Money,
  type OrderSide,
  type TicketInfo,
  type TradePosition,
} from '@kabuto/shared-sdk/schemas';
import {
  useGetEstimateQuery,
  useGetTicketQuery,
  usePlaceConditionalMutation,
  useGetPositionDetailQuery,
  usePlaceOrderMutation,
  useSaveTradeSettingsMutation,
  type EstimateArgs,
} from '../../api/trading';
import { ConditionalPrices, KindChoice, NO_CONDITION, SessionChoice, conditionalArgs, usesOrderType, type ConditionalTicket } from './ConditionalFields';
import { formatPrice, formatTenths } from '../../common/format';
import { Refusal, fieldRow, kit as styles, useDebounced, useKeptForm, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useTradeText } from '../../common/texts';
import { MarginApplication } from './MarginApplication';
import { FundPasswordSetting } from '../../common/FundPasswordSetting';
import { estimateArgs, leverageOptions, priceToTenths, startingPrice, stepLots, tenthsToPrice, ticketProblem, type TicketForm } from './ticket-math';
import { asTickTable, roundToTick, type ResolvedTickTable as TickTable } from '@kabuto/shared-sdk/market-rules';
import { PriceStepper } from './PriceStepper';
import { CouponPicker, yenMoney } from './CouponPicker';
import { refusalText } from '../../common/refusal';

/** The coupon picker's state, when this ticket's order may take a coupon (a plain order, not a conditional one). */
interface CouponChoice {
  couponId: number | null;
  onChange: (couponId: number | null) => void;
}

/** The value a coupon's minimum is checked against: limit × shares, or (market) the estimate's value, as the server does (trading/orders/place.ts). */
function couponOrderValue(args: EstimateArgs, estimate: { value: Money; quantity: number }): Money {
  const tenths = args.orderType === 'limit' && args.price ? priceToTenths(args.price) : null;
  return tenths === null ? estimate.value : yenMoney((BigInt(tenths) * BigInt(estimate.quantity) + 9n) / 10n);
}

function EstimateLines({ args, enabled, coupon }: { args: EstimateArgs; enabled: boolean; coupon: CouponChoice | null }) {
  const { t, lang } = useTradeText();
  // One estimate per pause in typing; the key is text so an equal form is an equal value.
  const settledKey = useDebounced(JSON.stringify(args), 300);
  const settled = useMemo(() => JSON.parse(settledKey) as EstimateArgs, [settledKey]);
  const { data, error, isFetching } = useGetEstimateQuery(settled, { skip: !enabled });
  if (!enabled) return null;
  if (error) {
    return (
      <p className={styles.error} role="alert" data-testid="ticket-estimate-error">
        {errorMessage(error)}
      </p>
    );
  }
  if (!data) return <p className={styles.muted}>{t('ticket.estimating')}</p>;
  const line = (key: Parameters<typeof t>[0], value: string, testId?: string) => fieldRow(t(key), value, testId, key);
  return (
    <section className={styles.card} data-testid="ticket-estimate" data-fetching={isFetching ? 'true' : 'false'}>
      <p className={styles.label}>{t('ticket.estimate')}</p>
      {line(estimatePriceLabel(args), formatPrice(data.estimatePrice), 'estimate-price')}
      {line('ticket.value', formatMoneyText(data.value), 'estimate-value')}
      {line('ticket.commission', formatMoneyText(data.fees.commission))}
      {line('ticket.serviceFee', formatMoneyText(data.fees.serviceFee))}
      {line(args.side === 'buy' ? 'ticket.buyFee' : 'ticket.sellFee', formatMoneyText(args.side === 'buy' ? data.fees.buyFee : data.fees.sellFee))}
      {line('ticket.stampDuty', formatMoneyText(data.fees.stampDuty))}
      {line('ticket.fees', formatMoneyText(data.fees.total), 'estimate-fees')}
      {line('ticket.marginRequired', formatMoneyText(data.marginRequired), 'estimate-margin')}
      {line('ticket.hold', formatMoneyText(data.hold), 'estimate-hold')}
      {line('ticket.buyingPower', formatMoneyText(data.buyingPower))}
      {line('ticket.buyingPowerAfter', formatMoneyText(data.buyingPowerAfter), 'estimate-buying-power-after')}
      {/* Said before the fund password is asked for: the order would be refused for it (the server decides). */}
      {data.buyingPowerAfter.minor.startsWith('-') && (
        <p className={styles.error} data-testid="estimate-insufficient">
          {translateMessage(MSG.insufficientBuyingPower, lang)} ·{' '}
          {t('refusal.buyingPower', { required: formatMoneyText(data.hold), buyingPower: formatMoneyText(data.buyingPower) })}
        </p>
      )}
      <FeeNote notes={data.fees.notes} />
      {coupon && (
        <CouponPicker commission={data.fees.commission} orderValue={couponOrderValue(args, data)} couponId={coupon.couponId} onChange={coupon.onChange} />
      )}
    </section>
  );
}

type Translate = ReturnType<typeof useTradeText>['t'];

/** A market order's estimate is figured at a daily limit, not at a price it will trade at: the label says which. */
function estimatePriceLabel(args: EstimateArgs) {
  if (args.orderType !== 'market') return 'ticket.estimatePrice' as const;
  return args.side === 'buy' ? ('ticket.estimatePriceMarketBuy' as const) : ('ticket.estimatePriceMarketSell' as const);
}

/**
 * Why a market order's figures use a price it will not trade at, said in full on the form: a buy
 * holds money at the daily upper limit, fills at the market price and gets the difference back.
 */
function MarketNote({ side, ticket }: { side: OrderSide; ticket: TicketInfo }) {
  const { t } = useTradeText();
  const text =
    side === 'sell'
      ? t('ticket.marketSellNote', { limit: groupAmount(ticket.lowerLimit) })
      : ticket.last === null
        ? t('ticket.marketBuyNoteNoLast', { limit: groupAmount(ticket.upperLimit) })
        : t('ticket.marketBuyNote', { limit: groupAmount(ticket.upperLimit), last: groupAmount(ticket.last) });
  return (
    <p className={styles.note} style={{ marginTop: 8 }} data-testid="ticket-market-note">
      {text}
    </p>
  );
}

/**
 * A cash Sell only closes shares held: with a holding of this stock it offers to sell that
 * (the position's close form), without one it says a short sale needs margin.
 */
function CashSell({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTradeText();
  const holding = ticket.cashHoldings[0];
  if (!holding) {
    return (
      <p className={styles.note} style={{ marginTop: 8 }} data-testid="ticket-cash-sell">
        {t('ticket.cashSellNote')}
      </p>
    );
  }
  const held = ticket.cashHoldings.reduce((sum, h) => sum + h.shares, 0);
  return (
    <section className={styles.note} style={{ marginTop: 8 }} data-testid="ticket-cash-sell" data-holding={holding.id}>
      <p style={{ margin: '0 0 8px' }}>{t('ticket.cashHolding', { shares: held.toLocaleString('en-US') })}</p>
      <SellHoldingButton ticket={ticket} testId="ticket-sell-holding" />
    </section>
  );
}

/** To the holding's close form (several holdings of the stock: the holdings list). */
function SellHoldingButton({ ticket, testId }: { ticket: TicketInfo; testId: string }) {
  const { t } = useTradeText();
  const navigate = useNavigate();
  const holding = ticket.cashHoldings[0];
  if (!holding) return null;
  const target =
    ticket.cashHoldings.length === 1
      ? routeTo('positionDetail', { id: holding.id, close: 'sell' })
      : routeTo('positions', { code: ticket.code, side: 'sell', status: 'holding' });
  const shares = ticket.cashHoldings.length === 1 ? holding.shares : ticket.cashHoldings.reduce((sum, h) => sum + h.shares, 0);
  return (
    <Button size="small" color="primary" onClick={() => void navigate(target)} data-testid={testId}>
      {t('ticket.sellHolding', { shares: shares.toLocaleString('en-US') })}
    </Button>
  );
}

/**
 * A problem of the form as the customer reads it, with its figures: an off-tick price with the
 * valid prices on either side, a price outside the day's limits with those limits (the server's
 * refusal of the same rules names the same figures).
 */
function problemText(problem: string, price: string, table: TickTable, limits: { lower: string; upper: string }, t: Translate, lang: Lang): string {
  const tenths = problem === MSG.priceNotOnTick ? priceToTenths(price) : null;
  const figures =
    tenths !== null
      ? t('ticket.nearestTicks', { below: formatTenths(roundToTick(tenths, table, 'down')), above: formatTenths(roundToTick(tenths, table, 'up')) })
      : problem === MSG.priceLimitExceeded
        ? t('refusal.todaysLimits', { lower: formatPrice(limits.lower), upper: formatPrice(limits.upper) })
        : '';
  return figures ? `${translateMessage(problem, lang)} · ${figures}` : translateMessage(problem, lang);
}

/**
 * What is wrong with the form as typed, said once typing pauses (the message the button would
 * give, so the customer need not press it to learn). Not repeated while the button's refusal
 * of the same problem is shown; the short-sale case has its own line above.
 */
function FormProblem({ problem, shown, text }: { problem: string | null; shown: boolean; text: string }) {
  const settled = useDebounced(problem, 400);
  if (problem === null || shown || settled !== problem || problem === MSG.shortNotLoanEligible) return null;
  return (
    <p className={styles.error} role="alert" data-testid="ticket-problem">
      {text}
    </p>
  );
}

function FeeNote({ notes }: { notes: { tw: string; jp: string; en: string } }) {
  const { lang } = useTradeText();
  const text = lang === 'tw' || lang === 'jp' ? notes[lang] : notes.en;
  return text ? <p className={styles.muted}>{text}</p> : null;
}

function Placed({ position, onAnother }: { position: TradePosition; onAnother: () => void }) {
  const { t } = useTradeText();
  const navigate = useNavigate();
  // The answer is the order as accepted (注文受付); its venue entry and fills come after, on the
  // customer's channel, which refreshes this query: the status follows them live.
  const { data: now } = useGetPositionDetailQuery({ id: position.id });
  const status = now?.status ?? position.status;
  return (
    <section className={styles.card} data-testid="ticket-placed" data-status={status} data-id={position.id}>
      <p className={styles.note}>{t('ticket.placed', { orderNo: position.orderNo, status: t(`status.${status}`) })}</p>
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button color="primary" size="small" onClick={() => navigate(routeTo('positionDetail', { id: position.id }))} data-testid="ticket-view-position">
          {t('ticket.viewPosition')}
        </Button>
        <Button
          size="small"
          onClick={() => navigate(routeTo('positions', { status: status === 'pending' ? 'pending' : 'holding' }))}
          data-testid="ticket-view-positions"
        >
          {t('ticket.viewInPositions')}
        </Button>
        <Button size="small" onClick={onAnother} data-testid="ticket-another">
          {t('ticket.another')}
        </Button>
      </div>
    </section>
  );
}

function PlacedConditional({ order, onAnother }: { order: ConditionalOrderView; onAnother: () => void }) {
  const { t } = useTradeText();
  const navigate = useNavigate();
  return (
    <section className={styles.card} data-testid="ticket-conditional-placed" data-state={order.state} data-id={order.id}>
      <p className={styles.note}>{t('cond.placed', { kind: t(`cond.kind.${order.kind}`), state: t(`cond.state.${order.state}`) })}</p>
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button color="primary" size="small" onClick={() => navigate(ROUTES.positions)} data-testid="ticket-view-conditional">
          {t('cond.viewList')}
        </Button>
        <Button size="small" onClick={onAnother} data-testid="ticket-another">
          {t('ticket.another')}
        </Button>
      </div>
    </section>
  );
}

/** Monotonic milliseconds: a fund-password grant's end is timed on them (the phone's wall clock may be set wrong). */
function monotonicMs(): number {
  return performance.now();
}

interface TicketBodyProps extends OrderTicketProps {
  ticket: TicketInfo;
  /** user/info's; undefined when it could not be read (the server's refusal then says the same). */
  hasFundPassword: boolean | undefined;
}

function TicketBody({ code, side: initialSide, bestBid, bestAsk, last, ticket, hasFundPassword }: TicketBodyProps) {
  const { t, lang } = useTradeText();
  const table = asTickTable(ticket.tickTable);
  // Kept while the customer leaves to set a fund password (FundPasswordNotice); the stock page
  // opens the ticket again on return (orderTicketFormKey).
  const [form, setForm, keep] = useKeptForm<TicketForm>(orderTicketFormKey(code), () => ({
    side: initialSide,
    product: 'cash',
    marginKind: 'standard',
    orderType: 'limit',
    price: (() => {
      const start = startingPrice(initialSide, ticket, { bid: bestBid ?? null, ask: bestAsk ?? null }, table);
      return start === null ? '' : tenthsToPrice(start);
    })(),
    lots: 1,
    leverage: '1',
  }));
  // The refusal's text, and its catalogue key when the server sent one (a missing fund
  // password then offers the way to set it; a seat account's refusal offers the support chat).
  const [error, setErrorState] = useState<{ text: string; msg: string | null; support: boolean } | null>(null);
  const setError = (text: string | null, msg: string | null = null, support = false) => setErrorState(text ? { text, msg, support } : null);
  const [confirming, setConfirming] = useState(false);
  const [fundPassword, setFundPassword] = useState('');
  // The fund password checked once for this ticket (user/fundPasswordGrant): its orders send
  // the grant until a little before it ends, then the ticket asks again. Timed on the
  // monotonic clock: the phone's wall clock may be set wrong.
  const [grant, setGrant] = useState<{ value: string; until: number } | null>(null);
  const [askGrant, granting] = useFundPasswordGrantMutation();
  const [skip, setSkip] = useState(false);
  const [applying, setApplying] = useState(false);
  const [placed, setPlaced] = useState<TradePosition | null>(null);
  const [cond, setCond] = useState<ConditionalTicket>(NO_CONDITION);
  // A fee-discount coupon for this order (CouponPicker); plain orders only.
  const [couponId, setCouponIdState] = useState<number | null>(null);
  const setCouponId = useCallback((id: number | null) => {
    setCouponIdState(id);
    setErrorState(null);
  }, []);
  const [placedConditional, setPlacedConditional] = useState<ConditionalOrderView | null>(null);
  const [placeConditional, placingConditional] = usePlaceConditionalMutation();
  const [place, placing] = usePlaceOrderMutation();
  const [saveSettings, saving] = useSaveTradeSettingsMutation();
  const keys = useSubmissionKeys();
  const rootRef = useRef<HTMLDivElement>(null);
  // Buy / Sell open the ticket below the page's fold on a phone (the stock page's chart and
  // book come first), where the tap would seem to do nothing: bring the form up to the top of
  // the screen. Focus goes to the form itself, not its first field, so no keyboard pops up
  // over it; a screen reader announces the ticket.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (typeof root.scrollIntoView === 'function') root.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
    root.focus({ preventScroll: true });
  }, []);

  const update = (patch: Partial<TicketForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
    setConfirming(false);
  };
  const updateCond = (patch: Partial<ConditionalTicket>) => {
    setCond((current) => ({ ...current, ...patch }));
    setError(null);
    setConfirming(false);
  };
  // A stop or trailing order fires a market order; stop-limit and OCO carry their own limit.
  const ownType = usesOrderType(cond.kind);
  const effective: TicketForm =
    ownType || cond.kind === 'stop-limit' || cond.kind === 'oco' ? (ownType ? form : { ...form, orderType: 'limit' }) : { ...form, orderType: 'market' };
  const args = estimateArgs(code, effective);
  const needsMargin = form.product === 'margin' && !ticket.marginEnabled;
  const problem = ticketProblem(code, effective, ticket, table);
  const limits = { lower: ticket.lowerLimit, upper: ticket.upperLimit };
  const sideLabel = t(`side.${form.side}`);

  async function submit() {
    if (problem) {
      setError(problemText(problem, form.price, table, limits, t, lang), problem);
      return;
    }
    // Without a fund password the server refuses every order: say so (the notice at the top
    // has the way to set one) instead of asking for a password the customer does not have.
    if (!ticket.skipFundPassword && hasFundPassword === false) {
      setError(translateMessage(MSG.fundPasswordNotSet, lang), MSG.fundPasswordNotSet);
      return;
    }
    const liveGrant = grant !== null && monotonicMs() < grant.until ? grant.value : undefined;
    if (!ticket.skipFundPassword && cond.kind === 'normal' && liveGrant !== undefined) {
      await send({ fundPasswordGrant: liveGrant });
      return;
    }
    if (!ticket.skipFundPassword && !confirming) {
      setConfirming(true);
      return;
    }
    let password: string | undefined;
    if (!ticket.skipFundPassword) {
      const checked = fundPasswordSchema.safeParse(fundPassword);
      if (!checked.success) {
        setError(translateMessage(MSG.fundPasswordRequiredForOrder, lang));
        return;
      }
      password = fundPassword;
      if (skip) {
        const saved = await saveSettings({ skipFundPassword: true, fundPassword });
        if ('error' in saved && saved.error) {
          setError(errorMessage(saved.error) || null, errorMsg(saved.error), offersSupport(saved.error));
          return;
        }
      }
    }
    if (cond.kind !== 'normal') {
      const conditional = conditionalArgs(args, cond);
      const sent = await placeConditional({ ...conditional, fundPassword: password, idempotencyKey: keys.keyFor({ ...conditional }) });
      if ('error' in sent && sent.error) {
        setError(refusalText(sent.error, t, lang) || null, errorMsg(sent.error), offersSupport(sent.error));
        return;
      }
      keys.settle();
      setFundPassword('');
      setConfirming(false);
      setPlacedConditional(sent.data ?? null);
      return;
    }
    if (password !== undefined && !skip) {
      // Checked once into a grant: the next orders of this ticket need no password (and no key derivation).
      const granted = await askGrant({ fundPassword: password });
      if ('error' in granted && granted.error) {
        setError(refusalText(granted.error, t, lang) || null, errorMsg(granted.error), offersSupport(granted.error));
        return;
      }
      if (granted.data) {
        // Renewed 10 s early: an order sent at the last moment is not refused for it.
        const until = monotonicMs() + Math.max(0, granted.data.ttlSeconds - 10) * 1000;
        setGrant({ value: granted.data.grant, until });
        await send({ fundPasswordGrant: granted.data.grant });
        return;
      }
    }
    await send(password === undefined ? {} : { fundPassword: password });
  }

  async function send(proof: { fundPassword?: string; fundPasswordGrant?: string }) {
    const withCondition = cond.condition === '' ? args : { ...args, condition: cond.condition };
    const order = couponId === null ? withCondition : { ...withCondition, couponId };
    // One key per submission: a retry of the same order (time-out, double tap) reuses it.
    const idempotencyKey = keys.keyFor({ ...order, lots: args.lots });
    const answer = await place({ ...order, ...proof, idempotencyKey });
    if ('error' in answer && answer.error) {
      // The grant ended (time, sign-out elsewhere, a fund-password change): ask for the password again.
      if (errorMsg(answer.error) === MSG.fundPasswordGrantInvalid) {
        setGrant(null);
        setConfirming(true);
      }
      setError(refusalText(answer.error, t, lang) || null, errorMsg(answer.error), offersSupport(answer.error));
      return;
    }
    keys.settle();
    setFundPassword('');
    setConfirming(false);
    setCouponIdState(null);
    setPlaced(answer.data ?? null);
  }

  if (placed) return <Placed position={placed} onAnother={() => setPlaced(null)} />;
  if (placedConditional) return <PlacedConditional order={placedConditional} onAnother={() => setPlacedConditional(null)} />;

  return (
    <div
      ref={rootRef}
      tabIndex={-1}
      aria-label={t('ticket.title')}
      className={styles.page}
      // Clear of the shell's fixed header when scrolled to the top.
      style={{ padding: 0, scrollMarginTop: 'calc(var(--kabuto-header-height, 48px) + env(safe-area-inset-top) + 8px)', outline: 'none' }}
      data-testid="order-ticket"
      data-code={code}
    >
      <FundPasswordNotice testId="ticket" keep={keep} notNeeded={ticket.skipFundPassword} refused={error?.msg === MSG.fundPasswordNotSet} />
      <section className={styles.card}>
        <div className={styles.row}>
          <span>{t('ticket.title')}</span>
          <span className={styles.tag}>{t('common.simulatedTag')}</span>
        </div>
        <p className={styles.muted}>{t('common.simulated')}</p>
        <div className={styles.best} data-testid="ticket-best">
          {(
            [
              ['bid', 'ticket.bestBid', bestBid],
              ['last', 'ticket.last', last],
              ['ask', 'ticket.bestAsk', bestAsk],
            ] as const
          ).map(([key, label, value]) => (
            <button
              type="button"
              key={key}
              className={styles.bestCell}
              disabled={value === null || form.orderType === 'market'}
              onClick={() => value !== null && update({ price: tenthsToPrice(value) })}
              data-testid={`ticket-best-${key}`}
            >
              <span className={styles.muted}>{t(label)}</span>
              <br />
              {formatTenths(value)}
            </button>
          ))}
        </div>
        {ticket.toAuction && (
          <p className={styles.note} style={{ marginTop: 8 }} data-testid="ticket-to-auction">
            {t('ticket.toAuction')}
          </p>
        )}
      </section>

      <section className={styles.card}>
        <p className={styles.label}>{t('ticket.side')}</p>
        <Selector
          columns={2}
          value={[form.side]}
          onChange={(v) => v[0] && update({ side: v[0] })}
          options={(['buy', 'sell'] as OrderSide[]).map((s) => ({
            value: s,
            label: form.product === 'margin' ? `${t(`side.${s}`)} · ${t(s === 'buy' ? 'direction.long' : 'direction.short')}` : t(`side.${s}`),
          }))}
          data-testid="ticket-side"
        />
        <p className={styles.label}>{t('ticket.product')}</p>
        <Selector
          columns={2}
          value={[form.product]}
          onChange={(v) => v[0] && update({ product: v[0], leverage: '1' })}
          options={[
            { value: 'cash' as const, label: t('product.cash') },
            { value: 'margin' as const, label: t('product.margin') },
          ]}
          data-testid="ticket-product"
        />
        {form.product === 'cash' && form.side === 'sell' && <CashSell ticket={ticket} />}
        {form.product === 'margin' && form.side === 'sell' && !ticket.loanEligible && <p className={styles.error}>{t('ticket.shortNotEligible')}</p>}
        {form.product === 'margin' && (
          <>
            <p className={styles.label}>{t('ticket.kind')}</p>
            <Selector
              columns={1}
              value={[form.marginKind]}
              onChange={(v) => v[0] && update({ marginKind: v[0] })}
              options={(['standard', 'general'] as MarginKind[]).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              data-testid="ticket-kind"
            />
          </>
        )}
      </section>

      {needsMargin ? (
        <section className={styles.card} data-testid="ticket-margin-needed">
          <p className={styles.intro}>{t('margin.needed')}</p>
          {applying ? (
            <MarginApplication />
          ) : (
            <Button block color="primary" style={{ marginTop: 10 }} onClick={() => setApplying(true)} data-testid="ticket-margin-apply">
              {t('margin.apply')}
            </Button>
          )}
        </section>
      ) : (
        <>
          <KindChoice value={cond} onChange={updateCond} />
          <section className={styles.card}>
            {ownType && (
              <>
                <p className={styles.label}>{t('ticket.orderType')}</p>
                <Selector
                  columns={2}
                  value={[form.orderType]}
                  onChange={(v) => v[0] && update({ orderType: v[0] })}
                  options={[
                    { value: 'limit' as const, label: t('orderType.limit') },
                    { value: 'market' as const, label: t('orderType.market') },
                  ]}
                  data-testid="ticket-order-type"
                />
              </>
            )}
            {effective.orderType === 'limit' ? (
              <PriceStepper
                price={form.price}
                onChange={(price) => update({ price })}
                ticket={ticket}
                testId="ticket-price"
                stepTestId="ticket-price"
                {...(ownType ? {} : { label: t('cond.limitPrice') })}
              />
            ) : (
              <MarketNote side={form.side} ticket={ticket} />
            )}
            <ConditionalPrices value={cond} onChange={updateCond} ticket={ticket} />
            {cond.kind !== 'normal' && (
              <p className={styles.note} style={{ marginTop: 8 }} data-testid="ticket-valid-on">
                {t('cond.validOn', { date: formatDateKey(ticket.dayOrderValidOn, lang) })}
              </p>
            )}
            <SessionChoice value={cond} onChange={updateCond} />
            <p className={styles.label}>{t('ticket.lots', { lot: ticket.lot })}</p>
            <div className={styles.stepper}>
              <button
                type="button"
                className={styles.stepButton}
                aria-label={t('ticket.lotsDown')}
                onClick={() => update({ lots: stepLots(form.lots, -1) })}
                data-testid="ticket-lots-down"
              >
                −
              </button>
              <Input
                className={styles.field}
                value={String(form.lots)}
                onChange={(text) => update({ lots: /^\d+$/.test(text) ? Number(text) : 0 })}
                inputMode="numeric"
                aria-label={t('ticket.lots', { lot: ticket.lot })}
                data-testid="ticket-lots"
              />
              <button
                type="button"
                className={styles.stepButton}
                aria-label={t('ticket.lotsUp')}
                onClick={() => update({ lots: stepLots(form.lots, 1) })}
                data-testid="ticket-lots-up"
              >
                +
              </button>
            </div>
            <p className={styles.muted}>{t('common.shares', { quantity: (form.lots * ticket.lot).toLocaleString('en-US') })}</p>
            {form.product === 'margin' && (
              <>
                <p className={styles.label}>{t('ticket.leverage')}</p>
                <Selector
                  columns={3}
                  value={[form.leverage]}
                  onChange={(v) => v[0] && update({ leverage: v[0] })}
                  options={leverageOptions(ticket.maxLeverage).map((x) => ({ value: x, label: `${x}×` }))}
                  data-testid="ticket-leverage"
                />
              </>
            )}
          </section>

          <FormProblem
            problem={problem}
            shown={problem !== null && error?.msg === problem}
            text={problem === null ? '' : problemText(problem, form.price, table, limits, t, lang)}
          />
          <EstimateLines args={args} enabled={problem === null} coupon={cond.kind === 'normal' ? { couponId, onChange: setCouponId } : null} />

          {confirming && !ticket.skipFundPassword && (
            <FundPasswordConfirm
              card
              value={fundPassword}
              onChange={(v) => {
                setFundPassword(v);
                setError(null);
              }}
              testId="ticket"
            >
              <Checkbox
                checked={skip}
                onChange={setSkip}
                style={{ marginTop: 10, '--font-size': '13px', '--icon-size': '16px' }}
                data-testid="ticket-skip-password"
              >
                {t('password.skip')}
              </Checkbox>
              <p className={styles.muted} style={{ margin: '6px 0 0' }} data-testid="ticket-skip-explain">
                {t('password.explain')}
              </p>
            </FundPasswordConfirm>
          )}
          {ticket.skipFundPassword && <FundPasswordSetting skipping compact />}

          <Refusal text={error?.text} testId="ticket-error" support={error?.support} />
          {error?.msg === MSG.cashShortNotAllowed && <SellHoldingButton ticket={ticket} testId="ticket-refusal-sell-holding" />}
          <Button
            block
            size="large"
            className={form.side === 'buy' ? styles.buyButton : styles.sellButton}
            loading={placing.isLoading || saving.isLoading || placingConditional.isLoading || granting.isLoading}
            onClick={() => void submit()}
            data-testid="ticket-submit"
          >
            {confirming ? t('common.confirm') : t('ticket.submit', { side: sideLabel })}
          </Button>
        </>
      )}
    </div>
  );
}

/** The widget mf-market's stock details mounts (shared-sdk remote/widgets.ts: orderTicket). */
export function OrderTicket(props: OrderTicketProps) {
  const { t } = useTradeText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data: ticket, isLoading, isError, refetch } = useGetTicketQuery({ code: props.code }, { skip: !loggedIn });
  // Asked alongside the ticket and waited for with it, so the button's first press already knows
  // whether there is a fund password to ask for (a fund password set later refreshes it: UserInfo tag).
  const { data: me, isLoading: loadingMe } = useGetUserInfoQuery(undefined, { skip: !loggedIn });
  if (!loggedIn) {
    return (
      <Button block color="primary" onClick={() => navigate(ROUTES.login)} data-testid="ticket-sign-in">
        {t('ticket.signIn')}
      </Button>
    );
  }
  if (isLoading || loadingMe) return <PageState status="loading" testId="ticket-loading" />;
  if (isError || !ticket) return <PageState status="failed" onRetry={() => void refetch()} testId="ticket-load-failed" />;
  // The stock page's Buy / Sell buttons start a fresh ticket on that side.
  return <TicketBody key={props.side} {...props} ticket={ticket} hasFundPassword={me?.hasFundPassword} />;
}
