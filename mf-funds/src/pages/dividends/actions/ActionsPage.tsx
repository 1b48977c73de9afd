// Splits and other corporate actions (ROUTES.dividends4, spec dividend4): the splits of issues the
// customer holds, held or watches (or of every issue), scheduled and done, newest first; on the
// effective date the price is divided and the shares multiplied [DV12]. A row opens the action.
import { Selector } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '@kabuto/shared-sdk';
import type { CorporateActionItem, CorporateActionsPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetCorporateActionsQuery } from '../../../api/dividends';
import { usePagedList } from '../../../common/paged-list';
import { PagedListView } from '../../../common/PagedListView';
import { useFundsText } from '../../../common/texts';
import { ListFrame } from '../parts/ListFrame';
import { sharesText, ROW_LINES } from '../parts/view';
import { SplitHead } from './SplitHead';

type Scope = 'mine' | 'all';
const SCOPES: readonly Scope[] = ['mine', 'all'];

function ActionRow({ action }: { action: CorporateActionItem }) {
  const { t } = useFundsText();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.listRow}
      style={ROW_LINES}
      onClick={() => void navigate(routeTo('dividendDetail4', { id: action.id }))}
      data-testid="corporate-action"
      data-id={action.id}
      data-code={action.code}
      data-state={action.state}
    >
      <SplitHead action={action} />
      {action.sharesBefore !== null && action.sharesAfter !== null && (
        <span className={styles.muted}>{t('div.action.sharesLine', { before: sharesText(action.sharesBefore), after: sharesText(action.sharesAfter) })}</span>
      )}
      {action.ordersCancelled > 0 && <span className={styles.muted}>{t('div.action.cancelled', { count: action.ordersCancelled })}</span>}
    </button>
  );
}

function Actions({ scope }: { scope: Scope }) {
  const { t } = useFundsText();
  const [trigger] = useLazyGetCorporateActionsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20, scope }).unwrap(), [trigger, scope]);
  const list = usePagedList<CorporateActionItem, CorporateActionsPage>(fetchPage);
  return (
    <PagedListView
      list={list}
      testId="corporate-actions"
      emptyText={t('div.actions.empty')}
      itemKey={(action) => action.id}
      renderItem={(action) => <ActionRow action={action} />}
    />
  );
}

export default function ActionsPage() {
  const { t } = useFundsText();
  const [scope, setScope] = useState<Scope>('mine');
  return (
    <ListFrame active="actions" intro={t('div.actions.intro')} testId="corporate-actions-page">
      <Selector
        columns={2}
        value={[scope]}
        onChange={(value) => value[0] && setScope(value[0])}
        options={SCOPES.map((value) => ({ value, label: t(`div.actions.scope.${value}`) }))}
        data-testid="actions-scope"
      />
      <Actions key={scope} scope={scope} />
    </ListFrame>
  );
}
