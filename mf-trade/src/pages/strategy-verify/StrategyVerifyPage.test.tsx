// The verify screen: the recomputed record beside the published one, each line match /
// MISMATCH, and the verdict.
import { screen } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { record } from '../../test-utils/strategy-fixtures';
import { installTradeServer, ok, renderTrade } from '../../test-utils/render-trade';
import StrategyVerifyPage from './StrategyVerifyPage';

afterEach(() => resetHost());

test('a record that matches, figure by figure and line by line', async () => {
  installTradeServer({
    verify: () =>
      ok({
        strategyId: 7,
        recomputed: record({ twrPercent: '11.98' }),
        published: record(),
        lines: [
          { what: 'mirrored #31 (following 12, open 7203)', match: true, detail: '100 shares, follower fills 100 at 27815 (recorded 27815), leader 27800' },
        ],
        match: true,
        simulated: true,
      }),
  });
  renderTrade(<StrategyVerifyPage />, { path: '/v?id=7' });
  expect((await screen.findByTestId('verify-verdict')).textContent).toBe('Match: every line agrees with the fills');
  const ret = screen.getByTestId('verify-figure-strategies.return');
  expect(ret.querySelector('[data-testid="verify-recomputed"]')?.textContent).toBe('+11.98%');
  expect(ret.querySelector('[data-testid="verify-published"]')?.textContent).toBe('+12.00%');
  expect(screen.getByTestId('verify-line').textContent).toContain('match mirrored #31');
});

test('a mismatch says MISMATCH on its line and in the verdict (jp)', async () => {
  installTradeServer({
    verify: () =>
      ok({
        strategyId: 7,
        recomputed: record(),
        published: record(),
        lines: [
          { what: 'mirrored #31', match: true, detail: 'ok' },
          { what: 'mirrored #32', match: false, detail: 'size 200, floor(1000 × 310000 ÷ 3120000) in lots = 0' },
        ],
        match: false,
        simulated: true,
      }),
  });
  renderTrade(<StrategyVerifyPage />, { path: '/v?id=7', lang: 'jp' });
  expect((await screen.findByTestId('verify-verdict')).textContent).toBe('不一致：下の行を参照');
  const lines = screen.getAllByTestId('verify-line');
  expect(lines.map((l) => l.getAttribute('data-match'))).toEqual(['true', 'false']);
  expect(lines[1]?.textContent).toContain('MISMATCH mirrored #32');
});
