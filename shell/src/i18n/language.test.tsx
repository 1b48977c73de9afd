import { fireEvent, screen } from '@testing-library/react';
import { ROUTES, readStoredLang } from '@kabuto/shared-sdk';
import { renderApp } from '../test-utils/render-app';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
});

test('?lang=zh in the hash route forces Traditional Chinese over a stored language', async () => {
  localStorage.setItem('lang', 'en');
  window.location.hash = `#${ROUTES.login}?lang=zh`;
  const lang = readStoredLang();
  expect(lang).toBe('tw');

  renderApp(`${ROUTES.login}?lang=zh`, { lang });
  expect(await screen.findByRole('button', { name: '登入' })).toBeTruthy();
  expect(document.documentElement.lang).toBe('zh-Hant-TW');
});

test('switching the language updates the texts, <html lang>, the store and localStorage', async () => {
  const { store } = renderApp(ROUTES.login, { lang: 'tw' });
  const switcher = await screen.findByTestId('language-switcher');
  expect(screen.getByTestId('header-title').textContent).toBe('登入');

  fireEvent.change(switcher, { target: { value: 'jp' } });
  expect(await screen.findByRole('button', { name: 'ログイン' })).toBeTruthy();
  expect(screen.getByTestId('header-title').textContent).toBe('ログイン');
  expect(localStorage.getItem('lang')).toBe('jp');
  expect(document.documentElement.lang).toBe('ja');
  expect(store.getState().session.lang).toBe('jp');

  fireEvent.change(switcher, { target: { value: 'en' } });
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  expect(localStorage.getItem('lang')).toBe('en');
});

test('the switcher lists the five languages by their own names', async () => {
  renderApp(ROUTES.login, { lang: 'en' });
  const switcher = await screen.findByTestId('language-switcher');
  const options = Array.from(switcher.querySelectorAll('option')).map((option) => option.textContent);
  expect(options).toEqual(['English', '繁體中文', 'हिन्दी', 'Bahasa Indonesia', '日本語']);
});

test('Hindi shows its own tab texts and falls back to English elsewhere', async () => {
  renderApp(ROUTES.login, { lang: 'hi' });
  expect(await screen.findByText('पासवर्ड')).toBeTruthy();
  expect(screen.getByText('Remember account')).toBeTruthy();
});
