// One figure on a trade list card (a following's amount, a strategy's return, a mirrored
// order's slippage): the label muted on the left, the value as the card renders it on the right.
// Not the SDK's FieldRow: that one sets the value in the kit's bold value style and takes text
// only, while these cards keep their values plain, some coloured (up / down, slippage).
import type { ReactNode } from 'react';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export function FigureRow({ label, children, className, testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div className={styles.row}>
      <span className={styles.muted}>{label}</span>
      <span className={className} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}
