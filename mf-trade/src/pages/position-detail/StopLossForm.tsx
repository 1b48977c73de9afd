// A conditional close of a holding position (docs/trading.md §11): a stop-loss (逆指値), a
// trailing stop, or an OCO of a take-profit limit and a stop-loss, for the whole holding.
// The server checks the prices against the last price and answers refusals with the rule.
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { formatDateKey } from '@kabuto/shared-sdk';
import type { TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { useGetTicketQuery, usePlaceConditionalMutation, type ConditionalArgs } from '../../api/trading';
import { Refusal, kit as styles, readKeptForm, useKeptForm, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { refusalText } from '../../common/refusal';
import { useTradeText } from '../../common/texts';
import { PriceStepper } from '../../widgets/order-ticket/PriceStepper';

type CloseKind = 'stop' | 'trailing' | 'oco';

export function StopLossForm({ position }: { position: TradePositionDetail }) {
  const { t, lang } = useTradeText();
  const { data: ticket } = useGetTicketQuery({ code: position.code });
  const [placeConditional, placing] = usePlaceConditionalMutation();
  const keys = useSubmissionKeys();
  const formKey = `stop-loss:${position.id}`;
  // Kept while the customer leaves to set a fund password (FundPasswordNotice): the form is
  // open again, as they left it, on return.
  const [open, setOpen] = useState(() => readKeptForm(formKey) !== null);
  const [form, setForm, keep] = useKeptForm(formKey, {
    kind: 'stop' as CloseKind,
    trigger: position.lastPrice ?? '',
    limit: position.lastPrice ?? '',
    width: '',
  });
  const { kind, trigger, limit, width } = form;
  const setField = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (!ticket || position.status !== 'holding') return null;

  async function submit() {
    if (!ticket) return;
    const fields = {
      kind,
      code: position.code,
      side: position.direction === 'long' ? ('sell' as const) : ('buy' as const),
      product: position.product,
      leverage: position.leverage,
      lots: Math.floor(position.holdingQuantity / ticket.lot),
      positionId: position.id,
      ...(kind === 'trailing' ? { trailWidth: width.trim() } : { triggerPrice: trigger.trim() }),
      ...(kind === 'oco' ? { price: limit.trim() } : {}),
    };
    const form: ConditionalArgs = { ...fields, ...(ticket.skipFundPassword ? {} : { fundPassword }), idempotencyKey: keys.keyFor(fields) };
    const answer = await placeConditional(form);
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t, lang) || null);
      return;
    }
    keys.settle();
    setDone(true);
    setOpen(false);
  }

  if (!open) {
    return (
      <section className={styles.card}>
        <Button
          size="small"
          onClick={() => {
            setOpen(true);
            setDone(false);
          }}
          data-testid="stop-loss-open"
        >
          {done ? t('cond.closePlaced') : t('cond.closeTitle')}
        </Button>
      </section>
    );
  }
  return (
    <section className={styles.card} data-testid="stop-loss-form">
      <FundPasswordNotice testId="stop-loss" keep={keep} notNeeded={ticket.skipFundPassword} />
      <p className={styles.label}>{t('cond.closeTitle')}</p>
      <Selector
        columns={3}
        value={[kind]}
        onChange={(v) => {
          if (!v[0]) return;
          setField({ kind: v[0] });
          setError(null);
        }}
        options={(['stop', 'trailing', 'oco'] as const).map((k) => ({ value: k, label: t(`cond.kind.${k}`) }))}
        data-testid="stop-loss-kind"
      />
      <p className={styles.muted}>{t(`cond.note.${kind}`)}</p>
      {kind === 'oco' && (
        <PriceStepper price={limit} onChange={(v) => setField({ limit: v })} ticket={ticket} testId="stop-loss-limit" label={t('cond.childPrice')} />
      )}
      {kind === 'trailing' ? (
        <>
          <p className={styles.label}>{t('cond.trailWidth')}</p>
          <Input
            className={styles.field}
            value={width}
            onChange={(v) => setField({ width: v })}
            inputMode="decimal"
            aria-label={t('cond.trailWidth')}
            data-testid="stop-loss-width"
          />
        </>
      ) : (
        <PriceStepper price={trigger} onChange={(v) => setField({ trigger: v })} ticket={ticket} testId="stop-loss-trigger" label={t('cond.triggerPrice')} />
      )}
      {/* How long it waits, said before it is placed: a day order, gone at that trading day's close. */}
      <p className={styles.note} style={{ marginTop: 8 }} data-testid="stop-loss-valid-on">
        {t('cond.validOn', { date: formatDateKey(ticket.dayOrderValidOn, lang) })}
      </p>
      {!ticket.skipFundPassword && <FundPasswordConfirm value={fundPassword} onChange={setFundPassword} testId="stop-loss" />}
      <Refusal text={error} testId="stop-loss-error" />
      <div className={styles.actions} style={{ marginTop: 10 }}>
        <Button color="primary" size="small" loading={placing.isLoading} onClick={() => void submit()} data-testid="stop-loss-submit">
          {t('common.confirm')}
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
