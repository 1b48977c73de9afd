// Close a holding position (返済 / sell what is held): market or limit on the tick grid,
// all lots or some, the fund password unless skipped for the session, one idempotency key
// per submission. The server's refusal is shown as it says it.
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { PageState, translateMessage } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import { closePositionFormSchema, firstErrorKey, type TradeOrderType, type TradePositionDetail } from '@kabuto/shared-sdk/schemas';
import { useClosePositionMutation, useGetTicketQuery, type CloseArgs } from '../../api/trading';
import { Refusal, kit as styles, useKeptForm, useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { FundPasswordConfirm, FundPasswordNotice } from '@kabuto/shared-sdk/ui/forms';
import { useTradeText } from '../../common/texts';
import { priceToTenths, stepLots } from '../../widgets/order-ticket/ticket-math';
import { asTickTable, isValidTick } from '@kabuto/shared-sdk/market-rules';
import { PriceStepper } from '../../widgets/order-ticket/PriceStepper';
import { refusalText } from '../../common/refusal';

/** The close form's kept values (useKeptForm), by position. */
export const closeFormKey = (positionId: number) => `close:${positionId}`;

export function ClosePositionForm({ position, onDone }: { position: TradePositionDetail; onDone: () => void }) {
  const { t, lang } = useTradeText();
  const { data: ticket, isLoading, isError, refetch } = useGetTicketQuery({ code: position.code });
  const [close, closing] = useClosePositionMutation();
  const keys = useSubmissionKeys();
  const maxLots = Math.floor(position.holdingQuantity / (ticket?.lot ?? 100));
  // Kept while the customer leaves to set a fund password (FundPasswordNotice); the detail
  // page opens the form again on return (closeFormKey).
  const [form, setForm, keep] = useKeptForm(closeFormKey(position.id), {
    orderType: 'market' as TradeOrderType,
    price: position.lastPrice ?? '',
    all: true,
    lots: 1,
  });
  const { orderType, price, all, lots } = form;
  const setField = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <PageState status="loading" />;
  if (isError || !ticket) return <PageState status="failed" onRetry={() => void refetch()} />;
  const table = asTickTable(ticket.tickTable);

  async function submit() {
    if (!ticket) return;
    const fields = {
      id: position.id,
      orderType,
      ...(orderType === 'limit' ? { price: price.trim() } : {}),
      ...(all ? {} : { lots }),
    };
    const idempotencyKey = keys.keyFor(fields);
    const form: CloseArgs = { ...fields, ...(ticket.skipFundPassword ? {} : { fundPassword }), idempotencyKey };
    const checked = closePositionFormSchema.safeParse(form);
    let problem: string | null = checked.success ? null : (firstErrorKey(checked) ?? MSG.invalidParams);
    const tenths = orderType === 'limit' ? priceToTenths(form.price ?? '') : null;
    if (!problem && tenths !== null && !isValidTick(tenths, table)) problem = MSG.priceNotOnTick;
    if (!problem && !all && lots > maxLots) problem = MSG.closeLotsTooMany;
    if (!problem && !ticket.skipFundPassword && !/^\d{6}$/.test(fundPassword)) problem = MSG.fundPasswordRequiredForOrder;
    if (problem) {
      setError(translateMessage(problem, lang));
      return;
    }
    const answer = await close(form);
    if ('error' in answer && answer.error) {
      setError(refusalText(answer.error, t, lang) || null);
      return;
    }
    keys.settle();
    onDone();
  }

  const change = (apply: () => void) => {
    apply();
    setError(null);
  };
  return (
    <div data-testid="close-form" style={{ marginTop: 10 }}>
      <FundPasswordNotice testId="close" keep={keep} notNeeded={ticket.skipFundPassword} />
      <p className={styles.label}>{t('detail.closeTitle', { code: position.code })}</p>
      <Selector
        columns={2}
        value={[orderType]}
        onChange={(v) => v[0] && change(() => setField({ orderType: v[0] as TradeOrderType }))}
        options={[
          { value: 'market' as const, label: t('orderType.market') },
          { value: 'limit' as const, label: t('orderType.limit') },
        ]}
        data-testid="close-order-type"
      />
      {orderType === 'limit' && <PriceStepper price={price} onChange={(v) => change(() => setField({ price: v }))} ticket={ticket} testId="close-price" />}
      <p className={styles.label}>{t('detail.closeLots', { max: maxLots })}</p>
      <Selector
        columns={2}
        value={[all ? 'all' : 'some']}
        onChange={(v) => v[0] && change(() => setField({ all: v[0] === 'all' }))}
        options={[
          { value: 'all', label: t('detail.closeAll') },
          { value: 'some', label: t('ticket.lots', { lot: ticket.lot }) },
        ]}
        data-testid="close-all"
      />
      {!all && (
        <div className={styles.stepper} style={{ marginTop: 8 }}>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('ticket.lotsDown')}
            onClick={() => change(() => setField({ lots: stepLots(lots, -1) }))}
          >
            −
          </button>
          <Input
            className={styles.field}
            value={String(lots)}
            onChange={(v) => change(() => setField({ lots: /^\d+$/.test(v) ? Number(v) : 0 }))}
            inputMode="numeric"
            aria-label={t('detail.closeLots', { max: maxLots })}
            data-testid="close-lots"
          />
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('ticket.lotsUp')}
            onClick={() => change(() => setField({ lots: Math.min(stepLots(lots, 1), Math.max(maxLots, 1)) }))}
          >
            +
          </button>
        </div>
      )}
      {ticket.skipFundPassword ? (
        <p className={styles.muted}>{t('password.skipOn')}</p>
      ) : (
        <FundPasswordConfirm value={fundPassword} onChange={(v) => change(() => setFundPassword(v))} testId="close" />
      )}
      <Refusal text={error} testId="close-error" style={{ marginTop: 8 }} />
      <Button block color="primary" style={{ marginTop: 10 }} loading={closing.isLoading} onClick={() => void submit()} data-testid="close-submit">
        {t('detail.closeSubmit')}
      </Button>
    </div>
  );
}
