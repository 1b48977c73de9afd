import '@kabuto/shared-sdk/ui/test-utils/jsdom-platform';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addTranslations, MSG, languageChanged, makeStore } from '@kabuto/shared-sdk';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { ACCOUNT_TEXTS } from '../../translations';
import LoginPasswordPage from './LoginPasswordPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
const send = jest.mocked(request);

function renderPage(lang: 'en' | 'jp' = 'en') {
  addTranslations('account', ACCOUNT_TEXTS);
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <LoginPasswordPage />
      </MemoryRouter>
    </Provider>,
  );
}

function fill(label: string, value: string) {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  fireEvent.change(input, { target: { value } });
}

beforeEach(() => send.mockReset());

test('the shared schema refuses before sending, in the user language', async () => {
  renderPage('jp');
  fill('現在のパスワード', 'oldpass12');
  fill('新しいパスワード', 'short');
  fill('新しいパスワード（確認）', 'short');
  fireEvent.click(screen.getByRole('button', { name: '送信する' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('パスワードは英字・数字・記号で8〜20文字にしてください（空白は使えません）');
  fill('新しいパスワード', 'newpass12');
  fill('新しいパスワード（確認）', 'newpass13');
  fireEvent.click(screen.getByRole('button', { name: '送信する' }));
  await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('2回入力したパスワードが一致しません'));
  expect(send).not.toHaveBeenCalled();
});

test('a wrong original password is shown as the server says it', async () => {
  send.mockResolvedValue({ status: 0, msg: MSG.wrongOriginalPassword, data: null, failure: 'rejected' });
  renderPage('en');
  fill('Current password', 'oldpass12');
  fill('New password', 'newpass12');
  fill('Confirm new password', 'newpass12');
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('Original password is incorrect'));
  expect(send).toHaveBeenCalledWith(
    'user',
    'changePassword',
    { oldPassword: 'oldpass12', password: 'newpass12', confirmPassword: 'newpass12' },
    expect.anything(),
  );
});
