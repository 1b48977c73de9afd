// The price-alerts sheet of stock details (StockAlerts.tsx opens it): the form (above / below a
// price, or a % move from the previous close, either way or one) and this stock's alerts, each
// active or fired (time and price), to edit or delete. The server checks every rule and answers
// refusals from the catalogue, shown under the form; the hints name the tick and the range.
import { Button, Dialog, Input, Popup, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { PageState } from '@kabuto/shared-sdk';
import { formatDateTime } from '@kabuto/shared-sdk/format';
import type { MarketQuote, PriceAlertDirection, PriceAlertKind, PriceAlertView } from '@kabuto/shared-sdk/schemas';
import { useCreateAlertMutation, useDeleteAlertMutation, useGetStockAlertsQuery, useUpdateAlertMutation, type AlertRuleArgs } from '../api/price-alerts';
import { formatPrice } from '../common/quote-format';
import { useMarketText } from '../common/texts';
import { alreadyMet, ruleText, yenAmount } from './alert-rule';
import styles from './price-alerts.module.css';

const KINDS: PriceAlertKind[] = ['above', 'below', 'move'];
const DIRECTIONS: PriceAlertDirection[] = ['both', 'up', 'down'];

interface Draft {
  id: number | null;
  kind: PriceAlertKind;
  price: string;
  movePercent: string;
  direction: PriceAlertDirection;
}

const emptyDraft = (): Draft => ({ id: null, kind: 'above', price: '', movePercent: '', direction: 'both' });

function draftOf(alert: PriceAlertView): Draft {
  return { id: alert.id, kind: alert.kind, price: alert.price ?? '', movePercent: alert.movePercent ?? '', direction: alert.direction ?? 'both' };
}

function errorText(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : '';
}

export default function AlertSheetPopup({
  code,
  quote,
  open,
  onClose,
}: {
  code: string;
  quote: Pick<MarketQuote, 'last' | 'previousClose'>;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      {open && <AlertSheet code={code} quote={quote} onClose={onClose} />}
    </Popup>
  );
}

function AlertSheet({ code, quote, onClose }: { code: string; quote: Pick<MarketQuote, 'last' | 'previousClose'>; onClose: () => void }) {
  const { t, lang } = useMarketText();
  const { data, isLoading, isError, refetch } = useGetStockAlertsQuery({ code });
  const [create, creating] = useCreateAlertMutation();
  const [update, updating] = useUpdateAlertMutation();
  const [remove] = useDeleteAlertMutation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState('');
  const busy = creating.isLoading || updating.isLoading;

  async function save() {
    setError('');
    // A condition the last price already meets fires at once: say so before it is set.
    if (alreadyMet(draft, quote)) {
      const setAnyway = await Dialog.confirm({
        content: t('alerts.alreadyMet', { last: formatPrice(quote.last) }),
        confirmText: t('alerts.alreadyMetSet'),
        cancelText: t('alerts.alreadyMetChange'),
      });
      if (!setAnyway) return;
    }
    const rule: AlertRuleArgs =
      draft.kind === 'move' ? { kind: 'move', movePercent: draft.movePercent, direction: draft.direction } : { kind: draft.kind, price: draft.price };
    const result = draft.id === null ? await create({ code, ...rule }) : await update({ id: draft.id, ...rule });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    Toast.show({ content: t(draft.id === null ? 'alerts.created' : 'alerts.updated') });
    setDraft(emptyDraft());
  }

  async function confirmDelete(alert: PriceAlertView) {
    if (!(await Dialog.confirm({ content: t('alerts.deleteConfirm'), confirmText: t('alerts.delete'), cancelText: t('alerts.keep') }))) return;
    const result = await remove({ id: alert.id });
    if ('error' in result) setError(errorText(result.error));
    else {
      Toast.show({ content: t('alerts.deleted') });
      if (draft.id === alert.id) setDraft(emptyDraft());
    }
  }

  return (
    <div data-testid="alerts-sheet" className={styles.body}>
      <div className={styles.head}>
        <h3 className={styles.title}>{t('alerts.title', { code })}</h3>
        <Button size="mini" fill="none" onClick={onClose} data-testid="alerts-close">
          {t('common.close')}
        </Button>
      </div>
      <Selector
        className={styles.kinds}
        data-testid="alert-kind"
        columns={3}
        value={[draft.kind]}
        options={KINDS.map((k) => ({ label: t(`alerts.kind.${k}`), value: k }))}
        onChange={(v) => v[0] && setDraft({ ...draft, kind: v[0] })}
      />
      {draft.kind === 'move' ? (
        <>
          <label className={styles.field}>
            <span>{t('alerts.percent')}</span>
            <Input
              data-testid="alert-percent"
              inputMode="decimal"
              value={draft.movePercent}
              onChange={(v) => setDraft({ ...draft, movePercent: v })}
              placeholder="2.5"
            />
          </label>
          <Selector
            data-testid="alert-direction"
            columns={3}
            value={[draft.direction]}
            options={DIRECTIONS.map((d) => ({ label: t(`alerts.dir.${d}`), value: d }))}
            onChange={(v) => v[0] && setDraft({ ...draft, direction: v[0] })}
          />
          <p className={styles.hint}>
            {t('alerts.rangeHint', { min: data?.movePercentMin ?? '', max: data?.movePercentMax ?? '', close: formatPrice(quote.previousClose) })}
          </p>
        </>
      ) : (
        <>
          <label className={styles.field}>
            <span>{t('alerts.price')}</span>
            <Input
              data-testid="alert-price"
              inputMode="decimal"
              value={draft.price}
              onChange={(v) => setDraft({ ...draft, price: v })}
              placeholder={formatPrice(quote.last ?? quote.previousClose)
                .replace(/,/g, '')
                .replace(/\.0$/, '')}
            />
          </label>
          <p className={styles.hint}>{t('alerts.tickHint', { tick: yenAmount(data?.tick ?? null), last: formatPrice(quote.last ?? quote.previousClose) })}</p>
        </>
      )}
      {error && (
        <p className={styles.error} role="alert" data-testid="alert-error">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {draft.id !== null && (
          <Button size="middle" onClick={() => setDraft(emptyDraft())} data-testid="alert-cancel-edit">
            {t('alerts.cancelEdit')}
          </Button>
        )}
        <Button color="primary" size="middle" loading={busy} onClick={() => void save()} data-testid="alert-save">
          {t(draft.id === null ? 'alerts.save' : 'alerts.saveEdit')}
        </Button>
      </div>
      <p className={styles.note}>{t('alerts.once')}</p>
      {isLoading ? (
        <PageState status="loading" />
      ) : isError || !data ? (
        <PageState status="failed" onRetry={() => void refetch()} />
      ) : (
        <>
          <p className={styles.count} data-testid="alert-count">
            {t('alerts.count', { active: data.active, max: data.maxActive })}
          </p>
          {data.list.length === 0 && <p className={styles.note}>{t('alerts.none')}</p>}
          <ul className={styles.list}>
            {data.list.map((a) => (
              <li key={a.id} className={styles.row} data-testid="stock-alert-row" data-id={a.id} data-state={a.state}>
                <div className={styles.rule}>
                  <span>{ruleText(a, t)}</span>
                  <span className={a.state === 'fired' ? styles.fired : styles.active} data-testid="stock-alert-state">
                    {a.state === 'fired' ? t('alerts.fired', { time: formatDateTime(a.firedAt, lang), price: yenAmount(a.firedPrice) }) : t('alerts.active')}
                  </span>
                </div>
                <div className={styles.rowActions}>
                  <Button size="mini" onClick={() => setDraft(draftOf(a))} data-testid="alert-edit">
                    {t('alerts.edit')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void confirmDelete(a)} data-testid="alert-delete">
                    {t('alerts.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
