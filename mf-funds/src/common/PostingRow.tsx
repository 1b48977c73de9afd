// One ledger posting as the customer sees it: what happened (journal type and the
// business record), which of their accounts it moved, the signed amount, when.
import type { PostingItem } from '@kabuto/shared-sdk/schemas';
import { formatDateTime } from '@kabuto/shared-sdk';
import { useFundsText } from './texts';
import { JOURNAL_LABELS, accountLabelKey, referenceText } from './labels';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { SignedAmount } from './SignedAmount';

export function PostingRow({ posting }: { posting: PostingItem }) {
  const { t, lang } = useFundsText();
  const label = JOURNAL_LABELS[posting.type];
  return (
    <div className={styles.item} data-testid="posting" data-type={posting.type}>
      <div className={styles.row}>
        <span>{label ? t(label) : posting.type}</span>
        <SignedAmount money={posting.amount} />
      </div>
      <div className={styles.row}>
        <span className={styles.muted}>
          {referenceText(posting.reference, t)} · {t(accountLabelKey(posting.account))}
        </span>
        <span className={styles.muted}>{formatDateTime(posting.at, lang)}</span>
      </div>
    </div>
  );
}
