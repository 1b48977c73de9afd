// Splits and other corporate actions (ROUTES.dividends4, spec dividend4): the splits of issues the
// customer holds, held or watches (or of every issue), scheduled and done, newest first; on the
// effective date the price is divided and the shares multiplied [DV12]. A row opens the action.
import type { CorporateActionItem, CorporateActionsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetCorporateActionsQuery } from '../../../api/dividends';
import { useFundsText } from '../../../common/texts';
import { DividendList, ListRow } from '../parts/DividendList';
import { sharesText } from '../parts/view';
import { SplitHead } from './SplitHead';

type Scope = 'mine' | 'all';
const SCOPES: readonly [Scope, ...Scope[]] = ['mine', 'all'];

function ActionRow({ action }: { action: CorporateActionItem }) {
  const { t } = useFundsText();
  return (
    <ListRow detail="dividendDetail4" id={action.id} testId="corporate-action" data={{ 'data-code': action.code, 'data-state': action.state }}>
      <SplitHead action={action} />
      {action.sharesBefore !== null && action.sharesAfter !== null && (
        <span className={styles.muted}>{t('div.action.sharesLine', { before: sharesText(action.sharesBefore), after: sharesText(action.sharesAfter) })}</span>
      )}
      {action.ordersCancelled > 0 && <span className={styles.muted}>{t('div.action.cancelled', { count: action.ordersCancelled })}</span>}
    </ListRow>
  );
}

export default function ActionsPage() {
  const { t } = useFundsText();
  const [trigger] = useLazyGetCorporateActionsQuery();
  return (
    <DividendList<CorporateActionItem, CorporateActionsPage, Scope>
      tab="actions"
      intro={t('div.actions.intro')}
      testId="corporate-actions-page"
      filter={{ values: SCOPES, label: (value) => t(`div.actions.scope.${value}`), testId: 'actions-scope' }}
      fetchPage={(page, scope) => trigger({ page, size: 20, scope }).unwrap()}
      listTestId="corporate-actions"
      emptyText={t('div.actions.empty')}
      renderItem={(action) => <ActionRow action={action} />}
    />
  );
}
