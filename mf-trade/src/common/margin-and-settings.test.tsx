// The margin panel (maintenance ratio, call level, an open margin call as an alert) and the
// session's fund-password skip, as the customer sees and uses them on the trade tab.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { formatDateTime, resetHost } from '@kabuto/shared-sdk';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { MarginAccountInfo } from '@kabuto/shared-sdk/schemas';
import { installTradeServer, ok, refused, renderTrade, yen } from '../test-utils/render-trade';
import { FundPasswordSetting } from './FundPasswordSetting';
import { MarginPanel } from './MarginPanel';

afterEach(() => resetHost());

function status(patch: Partial<MarginAccountInfo> = {}): MarginAccountInfo {
  return {
    enabled: true,
    requirements: [],
    maintenanceRatio: '34.98%',
    callLevel: '35.00%',
    hardFloor: '30.00%',
    equity: yen('275538'),
    positionValue: yen('787600'),
    calls: [],
    ...patch,
  };
}

test.each([
  ['en', 'Margin call: deposit', 'Maintenance ratio'],
  ['jp', '追証が発生しています', '委託保証金維持率'],
  ['tw', '追加保證金通知', '保證金維持率'],
] as const)('in %s the ratio, the levels and an open call with its amount and deadline are shown', async (lang, callText, ratioLabel) => {
  installTradeServer({
    marginStatus: () =>
      ok(
        status({
          calls: [
            { id: 1, amount: yen('122'), deadline: '2025-01-08T03:00:00.000Z', state: 'open', ratioAtCall: '34.98%', createdAt: '2025-01-06T01:00:00.000Z' },
          ],
        }),
      ),
  });
  renderTrade(<MarginPanel />, { lang });
  expect((await screen.findByTestId('margin-ratio')).textContent).toBe('34.98%');
  expect(screen.getByTestId('margin-panel').textContent).toContain(ratioLabel);
  expect(screen.getByTestId('margin-levels').textContent).toBe('35.00% / 30.00%');
  const alert = screen.getByRole('alert').textContent ?? '';
  expect(alert).toContain(callText);
  expect(alert).toContain('122');
  // The deadline in JST: noon, 8 January 2025.
  expect(alert).toContain(formatDateTime('2025-01-08T03:00:00.000Z', lang));
  expect(formatDateTime('2025-01-08T03:00:00.000Z', lang)).toMatch(/12:00/);
});

test('without margin positions or calls the panel stays away; a met call shows no alert', async () => {
  installTradeServer({ marginStatus: () => ok(status({ maintenanceRatio: null })) });
  renderTrade(<MarginPanel />);
  await waitFor(() => expect(screen.queryByTestId('margin-panel')).toBeNull());
  resetHost();
  installTradeServer({
    marginStatus: () =>
      ok(
        status({
          maintenanceRatio: '40.00%',
          calls: [{ id: 1, amount: yen('122'), deadline: '2025-01-08T03:00:00.000Z', state: 'met', ratioAtCall: '34.98%', createdAt: '' }],
        }),
      ),
  });
  renderTrade(<MarginPanel />);
  expect((await screen.findAllByTestId('margin-ratio')).at(-1)?.textContent).toBe('40.00%');
  expect(screen.queryByTestId('margin-call-banner')).toBeNull();
});

test('turning the skip on needs the fund password (a wrong one is refused in the form); turning it off needs nothing', async () => {
  let skipping = false;
  const calls = installTradeServer({
    settings: (form) => {
      if (form.skipFundPassword === 'true' && form.fundPassword !== '246810') return refused(MSG.wrongFundPassword);
      skipping = form.skipFundPassword === 'true';
      return ok({ skipFundPassword: skipping });
    },
  });
  renderTrade(<FundPasswordSetting skipping={false} />);
  expect(screen.getByTestId('password-setting-state').textContent).toBe('Each order asks for your fund password');
  expect(screen.getByTestId('password-setting').textContent).toContain('A new sign-in asks again');
  fireEvent.click(screen.getByTestId('password-setting-on'));
  await act(async () => fireEvent.click(screen.getByTestId('password-setting-save')));
  expect(screen.getByTestId('password-setting-error').textContent).toBe('Enter the fund password to confirm the order');
  expect(calls.filter((c) => c.action === 'settings')).toHaveLength(0);
  const input = screen.getByTestId('password-setting-input');
  fireEvent.change(input.querySelector('input') ?? input, { target: { value: '111111' } });
  await act(async () => fireEvent.click(screen.getByTestId('password-setting-save')));
  expect((await screen.findByTestId('password-setting-error')).textContent).toBe('Fund password is incorrect');
  fireEvent.change(input.querySelector('input') ?? input, { target: { value: '246810' } });
  await act(async () => fireEvent.click(screen.getByTestId('password-setting-save')));
  await waitFor(() => expect(skipping).toBe(true));
  expect(calls.filter((c) => c.action === 'settings').at(-1)?.form).toEqual({ skipFundPassword: 'true', fundPassword: '246810' });

  resetHost();
  const offCalls = installTradeServer({ settings: (form) => ok({ skipFundPassword: form.skipFundPassword === 'true' }) });
  renderTrade(<FundPasswordSetting skipping />, { lang: 'jp' });
  expect(screen.getAllByTestId('password-setting-state').at(-1)?.textContent).toBe('このログイン中は取引暗証番号の入力を省略しています');
  await act(async () => fireEvent.click(screen.getAllByTestId('password-setting-off').at(-1) as HTMLElement));
  expect(offCalls.filter((c) => c.action === 'settings')).toEqual([{ action: 'settings', form: { skipFundPassword: 'false' } }]);
});
