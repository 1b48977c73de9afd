// The shared fund-password pieces in a form as the remotes use them: the confirmation sends
// the password, a wrong one shows the server's translated refusal, and a customer without a
// fund password is told at the top of the form, goes to set it, and comes back to the form
// with what they had typed.
import '../test-utils/jsdom-platform';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../identity/call-outcome';
import { useFundPasswordGrantMutation } from '../../api/identity';
import { MSG } from '../../messages/catalogue';
import { ROUTES } from '../../routes/route-table';
import { languageChanged, makeStore } from '../../state';
import { installFakeFetch, installRecordingHost, json } from '../../test-utils/protocol';
import { readKeptForm, useKeptForm } from '../kept-form';
import { SDK_UI_TEXTS } from '../page-pending';
import { Refusal } from '../refusal';
import { FundPasswordConfirm, FundPasswordNotice } from './fund-password';

const USER = { id: 1, account: '9012345678', hasFundPassword: true };

function OrderForm() {
  const [form, setForm, keep] = useKeptForm('test-order', { code: '7203', lots: 1 });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [grant] = useFundPasswordGrantMutation();
  async function submit() {
    const answer = await grant({ fundPassword: password });
    setError('error' in answer && answer.error ? errorMessage(answer.error) : 'sent');
  }
  return (
    <>
      <FundPasswordNotice testId="order" keep={keep} />
      <input aria-label="lots" value={String(form.lots)} onChange={(event) => setForm({ ...form, lots: Number(event.target.value) })} />
      <FundPasswordConfirm value={password} onChange={setPassword} testId="order" />
      <Refusal text={error} testId="order-error" />
      <button type="button" onClick={() => void submit()}>
        send
      </button>
    </>
  );
}

function FundPasswordPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      saved
    </button>
  );
}

function renderForm(lang: 'tw' | 'jp' | 'en' | 'hi' | 'id') {
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/form']}>
        <Routes>
          <Route path="/form" element={<OrderForm />} />
          <Route path={ROUTES.fundPassword} element={<FundPasswordPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const passwordInput = () => screen.getByTestId('order-fund-password').querySelector('input') as HTMLInputElement;

beforeEach(() => sessionStorage.clear());

test('asks for the fund password in the page language and sends what was typed', async () => {
  installRecordingHost('jp');
  const calls = installFakeFetch(json(200, { status: 1, msg: '', data: USER }), json(200, { status: 1, msg: '', data: { grant: 'g', expiresInSeconds: 60 } }));
  renderForm('jp');
  expect(screen.getByTestId('order-confirm').textContent).toContain(SDK_UI_TEXTS.jp.fundPasswordTitle);
  expect(passwordInput().getAttribute('type')).toBe('password');
  expect(passwordInput().getAttribute('aria-label')).toBe(SDK_UI_TEXTS.jp.fundPasswordLabel);
  fireEvent.change(passwordInput(), { target: { value: '135790' } });
  await act(async () => fireEvent.click(screen.getByText('send')));
  const sent = calls.find((call) => call.url.endsWith('/user/fundPasswordGrant'));
  expect(Object.fromEntries((sent?.body as URLSearchParams).entries())).toEqual({ fundPassword: '135790' });
  expect(await screen.findByTestId('order-error')).toBeTruthy();
  // A customer who has a fund password is not told to set one.
  expect(screen.queryByTestId('order-needs-fund-password')).toBeNull();
});

test('a wrong fund password: the server’s refusal, translated, as an alert', async () => {
  installRecordingHost('en');
  installFakeFetch(json(200, { status: 1, msg: '', data: USER }), json(200, { status: 0, msg: MSG.wrongFundPassword, data: null }));
  renderForm('en');
  fireEvent.change(passwordInput(), { target: { value: '000000' } });
  await act(async () => fireEvent.click(screen.getByText('send')));
  const refusal = await screen.findByRole('alert');
  expect(refusal.textContent).toBe('Fund password is incorrect');
  expect(refusal.getAttribute('data-testid')).toBe('order-error');
});

test.each(['tw', 'jp', 'en', 'hi', 'id'] as const)('no fund password yet (%s): said at the top before the form is filled in', async (lang) => {
  installRecordingHost(lang);
  installFakeFetch(json(200, { status: 1, msg: '', data: { ...USER, hasFundPassword: false } }));
  renderForm(lang);
  const notice = await screen.findByTestId('order-needs-fund-password');
  expect(notice.textContent).toContain(SDK_UI_TEXTS[lang]?.fundPasswordMissing);
  expect(screen.getByTestId('order-set-fund-password').textContent).toBe(SDK_UI_TEXTS[lang]?.fundPasswordSet);
  // Above the form's fields.
  expect(notice.compareDocumentPosition(screen.getByLabelText('lots')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('the way to set it keeps what was typed, and the form takes it back on return (once)', async () => {
  installRecordingHost('en');
  installFakeFetch(json(200, { status: 1, msg: '', data: { ...USER, hasFundPassword: false } }));
  renderForm('en');
  fireEvent.change(screen.getByLabelText('lots'), { target: { value: '7' } });
  await act(async () => fireEvent.click(await screen.findByTestId('order-set-fund-password')));
  // On the fund-password page now, with the form kept.
  expect(screen.queryByLabelText('lots')).toBeNull();
  expect(readKeptForm('test-order')).toEqual({ code: '7203', lots: 7 });
  await act(async () => fireEvent.click(screen.getByText('saved')));
  expect((screen.getByLabelText('lots') as HTMLInputElement).value).toBe('7');
  // Taken back: a later visit starts afresh.
  expect(readKeptForm('test-order')).toBeNull();
});
