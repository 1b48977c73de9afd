import { fireEvent, screen } from '@testing-library/react';
import { request } from '@kabuto/shared-sdk';
import { renderApp } from '../../testing/render-app';
import { REMEMBERED_ACCOUNT_KEY } from './remembered-account';

jest.mock('../../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));
jest.mock('@kabuto/shared-sdk', () => ({ ...jest.requireActual('@kabuto/shared-sdk'), request: jest.fn() }));
const send = jest.mocked(request);

beforeEach(() => {
  localStorage.clear();
  send.mockReset();
});

async function openLogin(lang: 'en' | 'jp' | 'tw' = 'en') {
  const view = renderApp('/pages/login', { lang });
  await screen.findByTestId('app-version');
  return view;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

test('the fields carry the autocomplete hints password managers need, and the version shows', async () => {
  await openLogin();
  expect(screen.getByLabelText('Account (mobile number)').getAttribute('autocomplete')).toBe('username');
  expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  expect(screen.getByTestId('app-version').textContent).toBe('Version 1.0.25');
});

test('an empty form shows the catalogue message and sends nothing', async () => {
  await openLogin();
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Account cannot be empty');
  expect(send).not.toHaveBeenCalled();
});

test('a wrong account is refused in the user language', async () => {
  await openLogin('jp');
  fill('アカウント（携帯電話番号）', '12345');
  fill('パスワード', 'abcd1234');
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
  expect(screen.getByTestId('form-error').textContent).toBe('アカウントは10桁の携帯電話番号で入力してください');
  expect(send).not.toHaveBeenCalled();
});

test('without privacy consent nothing is sent', async () => {
  await openLogin();
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Please read and accept the privacy agreement');
  expect(send).not.toHaveBeenCalled();
});

test('a valid form is sent to user/login; a refusal does not sign in; only the account is remembered', async () => {
  send.mockResolvedValue({ status: 0, msg: '此功能尚未開放', data: null, failure: 'rejected' });
  const { router } = await openLogin();
  fill('Account (mobile number)', '090-1234-5678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByLabelText('Remember account'));
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(screen.queryByTestId('form-error')).toBeNull();
  await screen.findByRole('button', { name: 'Sign in' }); // sending finished
  expect(send).toHaveBeenCalledWith('user', 'login', { account: '9012345678', password: 'abcd1234', agreePrivacy: 'true' });
  expect(router.state.location.pathname).toBe('/pages/login');
  expect(localStorage.getItem(REMEMBERED_ACCOUNT_KEY)).toBe('9012345678');
  expect(JSON.stringify({ ...localStorage })).not.toContain('abcd1234');
});

test('a remembered account is filled in', async () => {
  localStorage.setItem(REMEMBERED_ACCOUNT_KEY, '8012345678');
  await openLogin();
  expect((screen.getByLabelText('Account (mobile number)') as HTMLInputElement).value).toBe('8012345678');
  expect((screen.getByLabelText('Remember account') as HTMLInputElement).checked).toBe(true);
});

test('an accepted login keeps the session and goes home', async () => {
  send.mockResolvedValue({ status: 1, msg: '', data: { token: 'tok-1' } });
  const { router, store } = await openLogin();
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByTestId('remote-area-mf_market');
  expect(router.state.location.pathname).toBe('/pages/home/home');
  expect(store.getState().session.token).toBe('tok-1');
  expect(localStorage.getItem('token')).toBe('tok-1');
  expect(localStorage.getItem('account')).toBe('9012345678');
});
