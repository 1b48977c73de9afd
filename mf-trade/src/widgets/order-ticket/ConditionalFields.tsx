// The ticket's order-type choice beyond limit / market (docs/trading.md §11): stop (逆指値),
// stop-limit, OCO, IFD, IFDOCO, trailing stop, and a normal order's session condition
// (寄付 / 引け / 不成). The fields each kind needs; the server checks them again and answers
// every refusal with its catalogue message.
import { Input, Selector } from 'antd-mobile';
import { CONDITIONAL_KINDS, SESSION_CONDITIONS, type ConditionalKind, type SessionCondition, type TicketInfo } from '@kabuto/shared-sdk/schemas';
import type { ConditionalArgs, EstimateArgs } from '../../api/trading';
import { useTradeText } from '../../common/texts';
import { PriceStepper } from './PriceStepper';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export type TicketKind = 'normal' | ConditionalKind;
export const TICKET_KINDS: readonly TicketKind[] = ['normal', ...CONDITIONAL_KINDS];

export interface ConditionalTicket {
  kind: TicketKind;
  /** Normal orders only; '' = a plain day order. */
  condition: SessionCondition | '';
  triggerPrice: string;
  trailWidth: string;
  childPrice: string;
  childTriggerPrice: string;
}

export const NO_CONDITION: ConditionalTicket = { kind: 'normal', condition: '', triggerPrice: '', trailWidth: '', childPrice: '', childTriggerPrice: '' };

/** Kinds whose own order is the ticket's limit / market choice (IFD parents); the others fire a market or set limit child. */
export const usesOrderType = (kind: TicketKind): boolean => kind === 'normal' || kind === 'ifd' || kind === 'ifdoco';
/** Kinds with a limit price field of their own (the stop-limit's child, the OCO's limit leg). */
const usesLimit = (kind: TicketKind): boolean => kind === 'stop-limit' || kind === 'oco';

/** The trade/conditional/place form of a conditional ticket (without password and key). */
export function conditionalArgs(base: EstimateArgs, c: ConditionalTicket): Omit<ConditionalArgs, 'idempotencyKey' | 'fundPassword'> {
  const kind = c.kind as ConditionalKind;
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const limitPrice = base.price;
  return {
    kind,
    code: base.code,
    side: base.side,
    product: base.product,
    ...(base.marginKind ? { marginKind: base.marginKind } : {}),
    leverage: base.leverage,
    lots: base.lots,
    ...(usesOrderType(kind) ? { orderType: base.orderType, ...(limitPrice ? { price: limitPrice } : {}) } : {}),
    ...(usesLimit(kind) && limitPrice ? { price: limitPrice } : {}),
    ...(kind === 'stop' || kind === 'stop-limit' || kind === 'oco' ? { triggerPrice: text(c.triggerPrice) } : {}),
    ...(kind === 'trailing' ? { trailWidth: text(c.trailWidth) } : {}),
    ...(kind === 'ifd' || kind === 'ifdoco' ? { childPrice: text(c.childPrice), childTriggerPrice: text(c.childTriggerPrice) } : {}),
  };
}

export function KindChoice({ value, onChange }: { value: ConditionalTicket; onChange: (patch: Partial<ConditionalTicket>) => void }) {
  const { t } = useTradeText();
  return (
    <section className={styles.card} data-testid="ticket-conditional">
      <p className={styles.label}>{t('cond.kind')}</p>
      <Selector
        columns={4}
        value={[value.kind]}
        onChange={(v) => v[0] && onChange({ kind: v[0], condition: '' })}
        options={TICKET_KINDS.map((k) => ({ value: k, label: t(`cond.kind.${k}`) }))}
        data-testid="ticket-kind-choice"
      />
      <p className={styles.muted} data-testid="ticket-kind-note">
        {t(`cond.note.${value.kind}`)}
      </p>
    </section>
  );
}

/** The session condition of a normal order (寄付 / 引け / 不成). */
export function SessionChoice({ value, onChange }: { value: ConditionalTicket; onChange: (patch: Partial<ConditionalTicket>) => void }) {
  const { t } = useTradeText();
  if (value.kind !== 'normal') return null;
  return (
    <>
      <p className={styles.label}>{t('cond.session')}</p>
      <Selector
        columns={2}
        value={[value.condition === '' ? 'none' : value.condition]}
        onChange={(v) => v[0] && onChange({ condition: v[0] === 'none' ? '' : v[0] })}
        options={(['none', ...SESSION_CONDITIONS] as const).map((k) => ({ value: k, label: t(`cond.session.${k}`) }))}
        data-testid="ticket-session"
      />
    </>
  );
}

/** The prices a conditional kind adds: stop price, trailing width, the IFD child's. */
export function ConditionalPrices({
  value,
  onChange,
  ticket,
}: {
  value: ConditionalTicket;
  onChange: (patch: Partial<ConditionalTicket>) => void;
  ticket: TicketInfo;
}) {
  const { t } = useTradeText();
  const k = value.kind;
  return (
    <>
      {(k === 'stop' || k === 'stop-limit' || k === 'oco') && (
        <PriceStepper
          price={value.triggerPrice}
          onChange={(triggerPrice) => onChange({ triggerPrice })}
          ticket={ticket}
          testId="ticket-trigger-price"
          stepTestId="ticket-trigger"
          label={t('cond.triggerPrice')}
        />
      )}
      {k === 'trailing' && (
        <>
          <p className={styles.label}>{t('cond.trailWidth')}</p>
          <Input
            className={styles.field}
            value={value.trailWidth}
            onChange={(trailWidth) => onChange({ trailWidth })}
            inputMode="decimal"
            aria-label={t('cond.trailWidth')}
            data-testid="ticket-trail-width"
          />
          <p className={styles.muted}>{t('cond.trailFormula', { tick: ticket.tick })}</p>
        </>
      )}
      {(k === 'ifd' || k === 'ifdoco') && (
        <>
          <PriceStepper
            price={value.childPrice}
            onChange={(childPrice) => onChange({ childPrice })}
            ticket={ticket}
            testId="ticket-child-price"
            label={t('cond.childPrice')}
          />
          <PriceStepper
            price={value.childTriggerPrice}
            onChange={(childTriggerPrice) => onChange({ childTriggerPrice })}
            ticket={ticket}
            testId="ticket-child-trigger-price"
            label={t('cond.childTriggerPrice')}
          />
        </>
      )}
    </>
  );
}
