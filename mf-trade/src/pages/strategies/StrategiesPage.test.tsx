// The strategies list as the customer uses it: each sort and filter is asked of the server
// (strategy/list sort / riskMax / includeRetired), every row shows its record, retired
// strategies are listed and marked, and the simulated venue is said in every language.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { record, strategyView } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, renderTrade } from '../../test-utils/render-trade';
import StrategiesPage from './StrategiesPage';

afterEach(() => resetHost());

const page = (list: unknown[]) => ok({ list, page: 1, size: 50, total: list.length, hasMore: false });

test('sort, risk and retired filters go to the server; rows show the record and the retired mark', async () => {
  const calls = installTradeServer({
    list: (form) =>
      page(
        form.includeRetired === 'false'
          ? [strategyView()]
          : [
              strategyView(),
              strategyView({ id: 5, name: 'Old Momentum', status: 'retired', followers: 0, record: record({ twrPercent: '-8.25', riskScore: 8 }) }),
            ],
      ),
  });
  renderTrade(<StrategiesPage />);
  const row = await screen.findByTestId('strategy-row-7');
  expect(within(row).getByTestId('strategy-return').textContent).toBe('+12.00%');
  expect(within(row).getByTestId('strategy-drawdown').textContent).toBe('6.40%');
  expect(within(row).getByTestId('strategy-risk').textContent).toBe('6');
  expect(within(row).getByTestId('strategy-followers').textContent).toBe('3');
  expect(within(row).getByTestId('strategy-days').textContent).toBe('63');
  expect(row.textContent).toContain('Leader kabu***88');
  const retired = screen.getByTestId('strategy-row-5');
  expect(within(retired).getByTestId('strategy-status').textContent).toBe('Retired');
  expect(within(retired).getByTestId('strategy-return').textContent).toBe('-8.25%');
  expect(calls.at(-1)?.form).toEqual({ sort: 'return', includeRetired: 'true', page: '1', size: '50' });

  await act(async () => fireEvent.click(screen.getByText('Drawdown')));
  await waitFor(() => expect(calls.at(-1)?.form).toMatchObject({ sort: 'drawdown' }));
  await act(async () => fireEvent.click(screen.getByText('≤ 5')));
  await waitFor(() => expect(calls.at(-1)?.form).toMatchObject({ sort: 'drawdown', riskMax: '5' }));
  await act(async () => fireEvent.click(screen.getByTestId('strategies-retired')));
  await waitFor(() => expect(calls.at(-1)?.form).toMatchObject({ includeRetired: 'false', riskMax: '5' }));
  await waitFor(() => expect(screen.queryByTestId('strategy-row-5')).toBeNull());
});

test.each([
  ['en', 'Simulated venue', 'Return since inception'],
  ['tw', '模擬市場', '成立以來報酬'],
  ['jp', '模擬市場', '開始来リターン'],
] as const)('in %s the page says the venue is simulated', async (lang, simulated, returnLabel) => {
  installTradeServer({ list: () => page([strategyView()]) });
  renderTrade(<StrategiesPage />, { lang });
  expect((await screen.findByTestId('strategies-simulated')).textContent).toContain(simulated);
  expect((await screen.findByTestId('strategy-row-7')).textContent).toContain(returnLabel);
});

test('a strategy closed to new copiers after a high risk score is tagged with the date it opens again', async () => {
  const closed = { until: '2027-02-03', reason: { kind: 'daily' as const, score: '9', threshold: 8, date: '2026-12-03', days: 1 } };
  installTradeServer({ list: () => page([strategyView({ closedToNewCopiers: closed }), strategyView({ id: 8 })]) });
  renderTrade(<StrategiesPage />, { lang: 'jp' });
  const row = await screen.findByTestId('strategy-row-7');
  expect(within(row).getByTestId('strategy-closed-tag').textContent).toBe('2027/02/03まで新規フォロー停止');
  expect(within(screen.getByTestId('strategy-row-8')).queryByTestId('strategy-closed-tag')).toBeNull();
});
