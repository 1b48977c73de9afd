// The limit price with its one-tick steppers and the tick / price-limit note: the order
// ticket's and the close form's.
import { Input } from 'antd-mobile';
import { groupAmount } from '@kabuto/shared-sdk';
import type { TicketInfo } from '@kabuto/shared-sdk/schemas';
import { useTradeText } from '../../common/texts';
import { steppedPrice } from './ticket-math';
import { asTickTable } from '@kabuto/shared-sdk/market-rules';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export function PriceStepper(props: {
  price: string;
  onChange: (price: string) => void;
  ticket: TicketInfo;
  testId: string;
  /** data-testid prefix of the − and + buttons ('-down', '-up'); none: no ids. */
  stepTestId?: string;
  /** The field's label (default: the limit price's). */
  label?: string;
}) {
  const { t } = useTradeText();
  const { price, onChange, ticket, stepTestId } = props;
  const table = asTickTable(ticket.tickTable);
  return (
    <>
      <p className={styles.label}>{props.label ?? t('ticket.price')}</p>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('ticket.priceDown')}
          onClick={() => onChange(steppedPrice(price, -1, ticket, table))}
          data-testid={stepTestId && `${stepTestId}-down`}
        >
          −
        </button>
        <Input
          className={styles.field}
          value={price}
          onChange={onChange}
          inputMode="decimal"
          aria-label={props.label ?? t('ticket.price')}
          data-testid={props.testId}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('ticket.priceUp')}
          onClick={() => onChange(steppedPrice(price, 1, ticket, table))}
          data-testid={stepTestId && `${stepTestId}-up`}
        >
          +
        </button>
      </div>
      <p className={styles.muted}>{t('ticket.tick', { tick: ticket.tick, lower: groupAmount(ticket.lowerLimit), upper: groupAmount(ticket.upperLimit) })}</p>
    </>
  );
}
