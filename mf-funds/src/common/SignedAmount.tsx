// A signed amount of the fund records (−¥50, +¥1,000) in the customer's up/down colours,
// so money going out is never shown in the colour of a gain; zero stays uncoloured.
import type { Money } from '@kabuto/shared-sdk/schemas';
import { formatSignedMoney } from '@kabuto/shared-sdk';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export type AmountDirection = 'up' | 'down' | 'flat';

export function amountDirection(money: Money): AmountDirection {
  if (/^-?0*$/.test(money.minor)) return 'flat';
  return money.minor.startsWith('-') ? 'down' : 'up';
}

export function SignedAmount({ money }: { money: Money }) {
  const direction = amountDirection(money);
  const colour = direction === 'up' ? styles.up : direction === 'down' ? styles.down : '';
  return (
    <span className={`${styles.value} ${colour}`} data-direction={direction}>
      {formatSignedMoney(money)}
    </span>
  );
}
