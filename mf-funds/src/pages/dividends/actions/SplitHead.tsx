// A split's first lines, the same in the list and on its detail: the issue, the state, the
// ratio and the effective date.
import { formatDateKey } from '@kabuto/shared-sdk';
import type { CorporateActionItem } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../../common/texts';
import { nameIn } from '../parts/view';

export function SplitHead({ action }: { action: CorporateActionItem }) {
  const { t, lang } = useFundsText();
  return (
    <>
      <div className={styles.row}>
        <span>
          {action.code} {nameIn(action.name, lang)}
        </span>
        <span className={styles.badge} data-state={action.state === 'done' ? 'approved' : 'pending'}>
          {t(`div.action.state.${action.state}`)}
        </span>
      </div>
      <div className={styles.row}>
        <strong>{t('div.actions.ratio', { ratio: action.ratio })}</strong>
        <span className={styles.muted}>
          {t('div.date.effective')} {formatDateKey(action.effectiveDate, lang)}
        </span>
      </div>
    </>
  );
}
