// The identity-verification state as a coloured badge (coloured by its data-state).
import type { VerificationState } from '@kabuto/shared-sdk/schemas';
import { useAccountText } from './texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

export function StateBadge({ state }: { state: VerificationState }) {
  const { t } = useAccountText();
  return (
    <span className={styles.badge} data-testid="verification-state" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}
