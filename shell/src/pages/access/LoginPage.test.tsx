// First, so the SDK loads with its request mocked.
import { send } from '../../test-utils/offline-shell';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { ROUTES, MSG } from '@kabuto/shared-sdk';
import { type SessionResult } from '@kabuto/shared-sdk/schemas';
import { userInfo as userInfoFixture } from '@kabuto/shared-sdk/test-utils/identity';
import { renderApp } from '../../test-utils/render-app';
import { REMEMBERED_ACCOUNT_KEY } from './remembered-account';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const assertion = jest.mocked(startAuthentication);
const registration = jest.mocked(startRegistration);

beforeEach(() => {
  localStorage.clear();
  send.mockReset();
  assertion.mockReset();
  registration.mockReset();
  answerBy({});
});

const userInfo = userInfoFixture({ id: 7, vipLevel: 2, level: 2, createdAt: '2026-01-01T00:00:00Z' });

function session(overrides: Partial<SessionResult> = {}): SessionResult {
  return {
    step: 'done',
    passkeyRequired: false,
    reverificationRequired: false,
    token: 'tok-1',
    account: '9012345678',
    userInfo,
    offerPasskeyEnrolment: false,
    ...overrides,
  };
}

/** Answers calls by action; unknown actions are refused. */
function answerBy(byAction: Record<string, { status: 0 | 1; msg?: string; data?: unknown }>) {
  send.mockImplementation(async (_group, action) => {
    const answer = byAction[action];
    if (!answer) return { status: 0, msg: MSG.notOpen, data: null, failure: 'rejected' };
    return answer.status === 1
      ? { status: 1, msg: answer.msg ?? '', data: answer.data }
      : { status: 0, msg: answer.msg ?? '', data: answer.data ?? null, failure: 'rejected' };
  });
}

function calls(action: string) {
  return send.mock.calls.filter((call) => call[1] === action).map((call) => call[2]);
}

function signIn() {
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function openLogin(lang: 'en' | 'jp' | 'tw' = 'en') {
  const view = renderApp(ROUTES.login, { lang });
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
  expect((await screen.findByTestId('form-error')).textContent).toBe('Account cannot be empty');
  expect(calls('login')).toEqual([]);
});

test('a wrong account is refused in the user language', async () => {
  await openLogin('jp');
  fill('アカウント（携帯電話番号）', '12345');
  fill('パスワード', 'abcd1234');
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('アカウントは10桁の携帯電話番号で入力してください');
  expect(calls('login')).toEqual([]);
});

test('without privacy consent nothing is sent', async () => {
  await openLogin();
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('Please read and accept the privacy agreement');
  expect(calls('login')).toEqual([]);
});

test('a valid form is sent to user/login with a device id; a refusal shows in the form; only the account is remembered', async () => {
  answerBy({ login: { status: 0, msg: MSG.accountLocked } });
  const { router } = await openLogin();
  fill('Account (mobile number)', '090-1234-5678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByLabelText('Remember account'));
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByTestId('form-error')).toHaveProperty(
    'textContent',
    'Too many wrong passwords. Wait a few minutes and try again, sign in with your passkey, or contact support',
  );
  const [sent] = calls('login');
  expect(sent).toEqual({ account: '9012345678', password: 'abcd1234', agreePrivacy: 'true', deviceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(router.state.location.pathname).toBe(ROUTES.login);
  expect(localStorage.getItem(REMEMBERED_ACCOUNT_KEY)).toBe('9012345678');
  expect(JSON.stringify({ ...localStorage })).not.toContain('abcd1234');
});

test("a frozen account is told why, in the operator's words for the customer", async () => {
  answerBy({ login: { status: 0, msg: MSG.accountFrozen, data: { restriction: 'frozen', reason: 'Please call support to confirm recent trades' } } });
  await openLogin();
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe(
    'Your account is frozen. Please contact support\nReason: Please call support to confirm recent trades',
  );
});

test('a remembered account is filled in', async () => {
  localStorage.setItem(REMEMBERED_ACCOUNT_KEY, '8012345678');
  await openLogin();
  expect((screen.getByLabelText('Account (mobile number)') as HTMLInputElement).value).toBe('8012345678');
  expect((screen.getByLabelText('Remember account') as HTMLInputElement).checked).toBe(true);
});

test('an accepted login keeps the session and user info and goes home', async () => {
  answerBy({ login: { status: 1, msg: MSG.loginSuccess, data: session() } });
  const { router, store } = await openLogin();
  signIn();
  await screen.findByTestId('remote-area-mf_market');
  expect(router.state.location.pathname).toBe(ROUTES.home);
  expect(store.getState().session.token).toBe('tok-1');
  expect(localStorage.getItem('token')).toBe('tok-1');
  expect(localStorage.getItem('account')).toBe('9012345678');
  expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toEqual({ id: 7, account: '9012345678', level: 2, vipLevel: 2, role: 'member' });
});

test('an account with a passkey finishes the login with the passkey assertion', async () => {
  const options = { challenge: 'ch-1', rpId: 'localhost', allowCredentials: [] };
  answerBy({
    login: { status: 1, data: { step: 'passkey', passkeyRequired: true, reverificationRequired: false, loginTicket: 'tk-1', options } },
    loginPasskey: { status: 1, msg: MSG.loginSuccess, data: session({ token: 'tok-pk' }) },
  });
  assertion.mockResolvedValue({ id: 'cred-1' } as never);
  const { router, store } = await openLogin();
  signIn();
  await screen.findByTestId('remote-area-mf_market');
  expect(assertion).toHaveBeenCalledWith({ optionsJSON: options });
  const [finish] = calls('loginPasskey');
  expect(finish).toMatchObject({ loginTicket: 'tk-1', credential: JSON.stringify({ id: 'cred-1' }) });
  expect(router.state.location.pathname).toBe(ROUTES.home);
  expect(store.getState().session.token).toBe('tok-pk');
});

test('a closed passkey sheet keeps the user on the passkey step, with retry', async () => {
  answerBy({
    login: { status: 1, data: { step: 'passkey', passkeyRequired: true, reverificationRequired: false, loginTicket: 'tk-1', options: {} } },
  });
  assertion.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
  const { store } = await openLogin();
  signIn();
  expect(await screen.findByTestId('form-error')).toHaveProperty('textContent', 'The passkey was not used. Try again, or start over.');
  expect(screen.getByRole('button', { name: 'Use passkey' })).toBeTruthy();
  expect(calls('loginPasskey')).toEqual([]);
  expect(store.getState().session.token).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
});

test('the first login without a passkey offers enrolment, which can be skipped', async () => {
  answerBy({ login: { status: 1, msg: MSG.loginSuccess, data: session({ offerPasskeyEnrolment: true }) } });
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  const { router } = await openLogin();
  signIn();
  await screen.findByTestId('passkey-offer');
  expect(router.state.location.pathname).toBe(ROUTES.login);
  fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.home));
});

test('accepting the enrolment offer registers a passkey', async () => {
  answerBy({
    login: { status: 1, msg: MSG.loginSuccess, data: session({ offerPasskeyEnrolment: true }) },
    passkeyRegisterOptions: { status: 1, data: { options: { challenge: 'reg-1' } } },
    passkeyRegister: { status: 1, msg: MSG.passkeyAdded, data: { id: 'p1', name: 'Passkey 1', createdAt: '', lastUsedAt: null, transports: [] } },
  });
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  registration.mockResolvedValue({ id: 'new-cred' } as never);
  const { router } = await openLogin();
  signIn();
  fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.home));
  expect(registration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-1' } });
  expect(calls('passkeyRegister')[0]).toMatchObject({ credential: JSON.stringify({ id: 'new-cred' }) });
});

test('re-verification after an unfreeze asks for the outbox code and sends it with the login', async () => {
  send.mockImplementation(async (_group, action, params) => {
    if (action !== 'login') return { status: 0, msg: MSG.notOpen, data: null, failure: 'rejected' };
    if (!params?.code) return { status: 1, msg: '', data: { step: 'code', passkeyRequired: false, reverificationRequired: true, sentTo: '90****5678' } };
    return { status: 1, msg: MSG.loginSuccess, data: session() };
  });
  const { router } = await openLogin('jp');
  fill('アカウント（携帯電話番号）', '9012345678');
  fill('パスワード', 'abcd1234');
  fireEvent.click(screen.getByTestId('privacy-consent'));
  fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
  expect((await screen.findByTestId('reverify-step')).textContent).toContain('90****5678');
  fill('確認コード', '12ab');
  fireEvent.click(screen.getByRole('button', { name: '確認する' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('6桁の確認コードを入力してください');
  fill('確認コード', '123456');
  fireEvent.click(screen.getByRole('button', { name: '確認する' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.home));
  expect(calls('login')[1]).toMatchObject({ account: '9012345678', password: 'abcd1234', code: '123456' });
});

test('forgot password: a code is requested, then code and new password reset it', async () => {
  answerBy({ forgotCode: { status: 1, msg: MSG.codeSentIfExists, data: null }, forgotReset: { status: 1, msg: MSG.modifySuccess, data: null } });
  await openLogin();
  fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  fill('Account (mobile number)', '12');
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('Account must be a ten-digit mobile number');
  fill('Account (mobile number)', '090-1234-5678');
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('Verification code');
  expect(calls('forgotCode')).toEqual([{ account: '9012345678' }]);

  fill('Verification code', '123456');
  fill('New password', 'newpass123');
  fill('Confirm new password', 'newpass124');
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  expect((await screen.findByTestId('form-error')).textContent).toBe('The two passwords do not match');
  expect(calls('forgotReset')).toEqual([]);

  fill('Confirm new password', 'newpass123');
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  await screen.findByRole('button', { name: 'Sign in' });
  expect(calls('forgotReset')).toEqual([{ account: '9012345678', code: '123456', password: 'newpass123', confirmPassword: 'newpass123' }]);
  expect((screen.getByLabelText('Account (mobile number)') as HTMLInputElement).value).toBe('9012345678');
});
