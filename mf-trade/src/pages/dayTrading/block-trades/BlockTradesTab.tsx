// Block trades tab of the day-trading page: the broker's own inventory offered
// off-auction (ToSTNeT-style) at a published price. The offers (price and its rule against the
// previous close, available, window, minimums, limits, lock-up), a buy sheet (shares in lots of
// 100, the amount, the fund password, one idempotency key per submission) and my block buys.
// Every refusal is the catalogue's message plus the rule and the amounts (refusal.ts).
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import {
  PageState,
  ROUTES,
  errorMessage,
  formatDateKey,
  formatDateTime,
  formatMoneyText,
  groupAmount,
  routeTo,
  selectIsLoggedIn,
  translateMessage,
  useAppSelector,
} from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@kabuto/shared-sdk/messages';
import { BLOCK_LOT_SHARES, fundPasswordSchema, type BlockOffer, type BlockPurchase } from '@kabuto/shared-sdk/schemas';
import { Refusal, fieldRow, kit as styles, readKeptForm, useKeptForm, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useBuyBlockMutation, useGetBlockOffersQuery, useGetMyBlockBuysQuery } from '../../../api/block-trades';
import { formatPrice } from '../../../common/format';
import { useTradeText } from '../../../common/texts';
import { detailText, refusalFor } from './refusal';

const shares = (n: number) => n.toLocaleString('en-US');

function useName() {
  const { lang } = useTradeText();
  return (names: { tw: string; jp: string; en: string }) => (lang === 'tw' || lang === 'jp' ? names[lang] : names.en);
}

/** The fewest shares (whole lots) that meet both minimums at the offer's price. */
export function smallestBuy(offer: BlockOffer): number {
  const price = Number(offer.price);
  const forAmount = price > 0 ? Math.ceil(Number(offer.minAmount.minor) / price / BLOCK_LOT_SHARES) * BLOCK_LOT_SHARES : 0;
  return Math.max(offer.minShares, forAmount);
}

function OfferCard({ offer, onBuy }: { offer: BlockOffer; onBuy: () => void }) {
  const { t, lang } = useTradeText();
  const name = useName();
  const line = fieldRow;
  return (
    <section className={styles.card} data-testid="block-offer" data-offer-id={offer.id} data-code={offer.code} data-status={offer.status}>
      <div className={styles.row}>
        <span>
          {name(offer.name)} <span className={styles.muted}>{offer.code}</span>
        </span>
        <span className={styles.tag} data-testid="block-offer-status">
          {t(`block.status.${offer.status}`)}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>{t('block.price')}</span>
        <span className={styles.value} style={{ fontSize: 18 }} data-testid="block-offer-price">
          {formatPrice(offer.price)}
        </span>
      </div>
      <p className={styles.muted} style={{ margin: '2px 0 6px' }} data-testid="block-offer-rule">
        {t('block.rule', { percent: offer.rule.percent, close: groupAmount(offer.rule.previousClose), band: String(offer.rule.bandPercent) })}
      </p>
      {line(t('block.available'), t('block.availableValue', { available: shares(offer.available), quantity: shares(offer.quantity) }), 'block-offer-available')}
      {line(t('block.window'), `${formatDateTime(offer.windowStart, lang)} – ${formatDateTime(offer.windowEnd, lang)}`)}
      {line(
        t('block.minimum'),
        t('block.minimumValue', { shares: shares(offer.minShares), amount: groupAmount(offer.minAmount.amount) }),
        'block-offer-minimum',
      )}
      {line(t('block.limits'), t('block.limitsValue', { daily: shares(offer.dailyLimit), max: shares(offer.maxPerCustomer) }))}
      {line(t('block.lockUp'), offer.lockUpDays > 0 ? t('block.lockUpDays', { days: String(offer.lockUpDays) }) : t('block.lockUpNone'), 'block-offer-lockup')}
      <Button
        block
        size="small"
        className={styles.buyButton}
        style={{ marginTop: 10 }}
        disabled={offer.status !== 'open'}
        onClick={onBuy}
        data-testid="block-offer-buy"
      >
        {t('block.buy')}
      </Button>
    </section>
  );
}

function Bought({ purchase, onClose }: { purchase: BlockPurchase; onClose: () => void }) {
  const { t, lang } = useTradeText();
  const navigate = useNavigate();
  return (
    <section data-testid="block-bought" data-position-id={purchase.positionId}>
      <p className={styles.note}>{t('block.done', { shares: shares(purchase.shares), code: purchase.code, orderNo: purchase.orderNo })}</p>
      {purchase.lockUpUntil && <p className={styles.muted}>{t('block.sellableFrom', { date: formatDateKey(purchase.lockUpUntil, lang) })}</p>}
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button color="primary" size="small" onClick={() => navigate(routeTo('positionDetail', { id: purchase.positionId }))} data-testid="block-view-position">
          {t('block.viewPosition')}
        </Button>
        <Button size="small" onClick={onClose} data-testid="block-bought-close">
          {t('block.close')}
        </Button>
      </div>
    </section>
  );
}

/** The buy sheet's kept values (useKeptForm): the offer and the shares. */
const BLOCK_BUY_FORM = 'block-buy';

export function BuySheet({ offer, onClose }: { offer: BlockOffer; onClose: () => void }) {
  const { t, lang } = useTradeText();
  const name = useName();
  // Kept while the customer leaves to set a fund password (FundPasswordNotice); what was kept
  // for another offer does not apply to this one.
  const [form, setForm, keep] = useKeptForm(BLOCK_BUY_FORM, () => ({ offerId: offer.id, count: smallestBuy(offer) }));
  const count = form.offerId === offer.id ? form.count : smallestBuy(offer);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);
  const [bought, setBought] = useState<BlockPurchase | null>(null);
  const [buy, buying] = useBuyBlockMutation();
  const keys = useSubmissionKeys();
  const amount = BigInt(Math.round(Number(offer.price))) * BigInt(count);

  const change = (next: number) => {
    setForm({ offerId: offer.id, count: Math.max(0, next) });
    setError(null);
  };
  const explain = (msg: string): string | null => {
    const local = refusalFor(offer, count);
    if (!local || local.msg !== msg) return null;
    const text = detailText(local.detail, (iso) => formatDateTime(iso, lang));
    return text ? t(text.key, text.values) : null;
  };

  async function submit() {
    const local = refusalFor(offer, count);
    if (count <= 0 || count % BLOCK_LOT_SHARES !== 0) {
      setError({ message: translateMessage(MSG.lotsRequired, lang), detail: null });
      return;
    }
    if (local) {
      setError({ message: translateMessage(local.msg, lang), detail: explain(local.msg) });
      return;
    }
    if (!fundPasswordSchema.safeParse(password).success) {
      setError({ message: translateMessage(MSG.fundPasswordRequiredForOrder, lang), detail: null });
      return;
    }
    // One key per submission: a retry of the same buy (time-out, double tap) reuses it.
    const idempotencyKey = keys.keyFor({ offerId: offer.id, shares: count });
    const answer = await buy({ offerId: offer.id, shares: count, fundPassword: password, idempotencyKey });
    if ('error' in answer && answer.error) {
      const msg = (answer.error as { msg?: string }).msg ?? '';
      setError({ message: errorMessage(answer.error), detail: explain(msg) });
      return;
    }
    keys.settle();
    setPassword('');
    setBought(answer.data ?? null);
  }

  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }}>
      <div className={styles.page} data-testid="block-sheet" data-offer-id={offer.id}>
        <div className={styles.row}>
          <span>{t('block.sheetTitle', { name: name(offer.name) })}</span>
          <span className={styles.tag}>{t('block.offAuction')}</span>
        </div>
        {bought ? (
          <Bought purchase={bought} onClose={onClose} />
        ) : (
          <>
            <FundPasswordNotice testId="block" keep={keep} />
            <p className={styles.muted}>
              {formatPrice(offer.price)} ·{' '}
              {t('block.rule', { percent: offer.rule.percent, close: groupAmount(offer.rule.previousClose), band: String(offer.rule.bandPercent) })}
            </p>
            <p className={styles.label}>{t('block.shares')}</p>
            <div className={styles.stepper}>
              <button
                type="button"
                className={styles.stepButton}
                aria-label="−100"
                onClick={() => change(count - BLOCK_LOT_SHARES)}
                data-testid="block-shares-down"
              >
                −
              </button>
              <Input
                className={styles.field}
                value={String(count)}
                onChange={(text) => change(/^\d+$/.test(text) ? Number(text) : 0)}
                inputMode="numeric"
                aria-label={t('block.shares')}
                data-testid="block-shares"
              />
              <button
                type="button"
                className={styles.stepButton}
                aria-label="+100"
                onClick={() => change(count + BLOCK_LOT_SHARES)}
                data-testid="block-shares-up"
              >
                +
              </button>
            </div>
            <div className={styles.row} style={{ marginTop: 8 }}>
              <span className={styles.muted}>{t('block.amount')}</span>
              <span className={styles.value} data-testid="block-amount">
                ¥{groupAmount(amount.toString())}
              </span>
            </div>
            <p className={styles.muted} data-testid="block-minimum-line">
              {t('block.minimum')}: {t('block.minimumValue', { shares: shares(offer.minShares), amount: groupAmount(offer.minAmount.amount) })}
            </p>
            <p className={styles.muted}>{t('block.boughtSoFar', { today: shares(offer.mine.boughtToday), total: shares(offer.mine.bought) })}</p>
            <FundPasswordConfirm
              value={password}
              onChange={(v) => {
                setPassword(v);
                setError(null);
              }}
              testId="block"
            />
            <Refusal text={error?.message} detail={error?.detail} testId="block-error" />
            <Button block size="large" className={styles.buyButton} loading={buying.isLoading} onClick={() => void submit()} data-testid="block-submit">
              {t('block.submit', { price: groupAmount(offer.price) })}
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}

function MyBlockBuys() {
  const { t, lang } = useTradeText();
  const name = useName();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetMyBlockBuysQuery({ page: 1, size: 50 });
  return (
    <section className={styles.card} data-testid="block-mine">
      <p className={styles.label}>{t('block.mine')}</p>
      {isLoading ? (
        <PageState status="loading" testId="block-mine-state" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} testId="block-mine-state" />
      ) : data.list.length === 0 ? (
        <PageState status="empty" emptyText={t('block.mineEmpty')} testId="block-mine-state" />
      ) : (
        data.list.map((p) => (
          <button
            type="button"
            key={p.id}
            className={styles.bestCell}
            style={{ width: '100%', textAlign: 'left', marginTop: 6 }}
            onClick={() => void navigate(routeTo('positionDetail', { id: p.positionId }))}
            data-testid="block-purchase"
            data-position-id={p.positionId}
          >
            <div className={styles.row}>
              <span>
                {name(p.name)} <span className={styles.muted}>{p.code}</span>
              </span>
              <span className={styles.tag}>{t('block.offAuction')}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>
                {formatPrice(p.price)} × {shares(p.shares)} · {p.orderNo}
              </span>
              <span className={styles.value}>{formatMoneyText(p.amount)}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.muted}>{formatDateTime(p.at, lang)}</span>
              {p.lockUpUntil && <span className={styles.muted}>{t('block.sellableFrom', { date: formatDateKey(p.lockUpUntil, lang) })}</span>}
            </div>
          </button>
        ))
      )}
    </section>
  );
}

export default function BlockTradesTab() {
  const { t } = useTradeText();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { data, isLoading, isError, refetch } = useGetBlockOffersQuery({ page: 1, size: 50 }, { skip: !loggedIn });
  // The sheet opens again on the offer the customer was buying when they left to set a fund password.
  const [selected, setSelected] = useState<number | null>(() => {
    const kept = readKeptForm<{ offerId: unknown }>(BLOCK_BUY_FORM)?.offerId;
    return typeof kept === 'number' ? kept : null;
  });
  const offer = data?.list.find((o) => o.id === selected) ?? null;

  return (
    <div className={styles.page} style={{ padding: 0 }} data-testid="block-trades">
      <section className={styles.card}>
        <div className={styles.row}>
          <span>{t('block.title')}</span>
          <span className={styles.tag}>{t('common.simulatedTag')}</span>
        </div>
        <p className={styles.muted} data-testid="block-simulated">
          {t('block.simulated')}
        </p>
      </section>
      {!loggedIn ? (
        <Button block color="primary" onClick={() => navigate(ROUTES.login)} data-testid="block-sign-in">
          {t('ticket.signIn')}
        </Button>
      ) : (
        <>
          <p className={styles.label}>{t('block.offers')}</p>
          {isLoading ? (
            <PageState status="loading" testId="block-offers-state" />
          ) : isError || !data ? (
            <PageState status="failed" onRetry={() => void refetch()} testId="block-offers-state" />
          ) : data.list.length === 0 ? (
            <PageState status="empty" emptyText={t('block.empty')} testId="block-offers-state" />
          ) : (
            data.list.map((o) => <OfferCard offer={o} key={o.id} onBuy={() => setSelected(o.id)} />)
          )}
          <MyBlockBuys />
          {offer && <BuySheet key={offer.id} offer={offer} onClose={() => setSelected(null)} />}
        </>
      )}
    </div>
  );
}
