import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS, resetHost } from '@kabuto/shared-sdk';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { renderPage, success, userInfo } from '../../test-utils/render-page';
import SettingsPage from './SettingsPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));

beforeEach(() => {
  localStorage.clear();
  jest.mocked(request).mockImplementation(async (_group, action) => {
    if (action === 'info') return success(userInfo());
    if (action === 'passkeys') return success([]);
    throw new Error(`unexpected call ${action}`);
  });
});
afterEach(() => resetHost());

function checked(): string[] {
  return [...screen.getByTestId('price-colours-list').querySelectorAll('.adm-check-list-item-active')].map((item) => item.getAttribute('data-testid') ?? '');
}

test('price colours start at the language convention (green up in en) and the choice applies and is kept', async () => {
  renderPage(<SettingsPage />, 'en');
  expect(await screen.findByText('Green up, red down')).toBeTruthy();
  expect(checked()).toEqual(['price-colours-greenUp']);
  expect(document.documentElement.dataset.priceColours).toBe('greenUp');

  await act(async () => {
    fireEvent.click(screen.getByText('Red up, green down'));
  });

  expect(checked()).toEqual(['price-colours-redUp']);
  expect(document.documentElement.dataset.priceColours).toBe('redUp');
  expect(localStorage.getItem(STORAGE_KEYS.priceColours)).toBe('redUp');
});

test('in jp the setting starts at red up, in Japanese', async () => {
  renderPage(<SettingsPage />, 'jp');
  expect(await screen.findByText('値動きの色')).toBeTruthy();
  expect(checked()).toEqual(['price-colours-redUp']);
  expect(document.documentElement.dataset.priceColours).toBe('redUp');
});
