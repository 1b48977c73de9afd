// The five dividend pages link each other as tabs: calendar, received, margin adjustments,
// splits, perks. Each tab is a route of its own (the spec's dividend … dividend5), so a tab
// replaces the entry instead of stacking one per tap.
import { Tabs } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@kabuto/shared-sdk';
import { useFundsText } from '../../../common/texts';

export const DIVIDEND_TABS = [
  { key: 'calendar', path: ROUTES.dividends },
  { key: 'received', path: ROUTES.dividends2 },
  { key: 'adjustments', path: ROUTES.dividends3 },
  { key: 'actions', path: ROUTES.dividends4 },
  { key: 'perks', path: ROUTES.dividends5 },
] as const;

export type DividendTab = (typeof DIVIDEND_TABS)[number]['key'];

export function DividendTabs({ active }: { active: DividendTab }) {
  const { t } = useFundsText();
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        const tab = DIVIDEND_TABS.find((candidate) => candidate.key === key);
        if (tab && tab.key !== active) void navigate(tab.path, { replace: true });
      }}
      data-testid="dividend-tabs"
    >
      {DIVIDEND_TABS.map((tab) => (
        <Tabs.Tab key={tab.key} title={<span data-testid={`dividend-tab-${tab.key}`}>{t(`div.tab.${tab.key}`)}</span>} />
      ))}
    </Tabs>
  );
}
