// First, so the SDK loads with its request mocked.
import { send } from '../../test-utils/offline-shell';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ROUTES, MSG } from '@kabuto/shared-sdk';
import { renderApp } from '../../test-utils/render-app';

beforeEach(() => send.mockReset());
// The header asks for the business clock on every page; the form's own call is 'register'.
const registerCalls = () => send.mock.calls.filter((call) => call[1] === 'register');

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// A complete form with the terms accepted, sent by the Join button.
function join(account: string) {
  fill('Account (mobile number)', account);
  fill('Password', 'abcd1234');
  fill('Confirm password', 'abcd1234');
  fill('Invitation code', 'KABUTO1');
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
}

async function fillForm({ confirm = 'abcd1234', invite = 'KABUTO1' } = {}) {
  renderApp(ROUTES.register);
  await screen.findByLabelText('Invitation code');
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fill('Confirm password', confirm);
  fill('Invitation code', invite);
}

test('the password hint states the rule', async () => {
  renderApp(ROUTES.register);
  expect(await screen.findByText('8 to 20 characters: letters, digits or symbols, no spaces.')).toBeTruthy();
  expect(screen.getByTestId('header-title').textContent).toBe('Join as member');
});

test('different passwords are refused before sending', async () => {
  await fillForm({ confirm: 'abcd12345' });
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toMatch(/\S/);
  expect(screen.getByTestId('form-error').textContent).not.toMatch(/[\u4e00-\u9fff]/);
  expect(registerCalls()).toHaveLength(0);
});

test('a missing invitation code is refused before sending', async () => {
  await fillForm({ invite: '' });
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Please enter the invitation code');
  expect(registerCalls()).toHaveLength(0);
});

test('the customer agreement must be accepted', async () => {
  await fillForm();
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Please read and accept the customer agreement');
  expect(registerCalls()).toHaveLength(0);
});

test('a valid form is sent to user/register; a refusal shows in the form', async () => {
  send.mockResolvedValue({ status: 0, msg: MSG.inviterNotFound, data: null, failure: 'rejected' });
  const { router } = renderApp(ROUTES.register);
  await screen.findByLabelText('Invitation code');
  join('9012345678');
  expect((await screen.findByTestId('form-error')).textContent).toBe(
    'Inviter does not exist: no customer has this invitation code. Check the code you were given',
  );
  expect(send).toHaveBeenCalledWith(
    'user',
    'register',
    { account: '9012345678', password: 'abcd1234', confirmPassword: 'abcd1234', inviteCode: 'KABUTO1', agreeCustomer: 'true' },
    expect.anything(),
  );
  expect(router.state.location.pathname).toBe(ROUTES.register);
});

test('a registration goes to login with the account filled in', async () => {
  send.mockResolvedValue({ status: 1, msg: MSG.registerSuccess, data: { account: '9012345678' } });
  const { router } = renderApp(ROUTES.register);
  await screen.findByLabelText('Invitation code');
  join('090 1234 5678');
  await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login));
  await screen.findByTestId('app-version'); // the login page, not the register page on its way out
  expect((screen.getByLabelText('Account (mobile number)') as HTMLInputElement).value).toBe('9012345678');
});

// Fields are checked in the order they appear on the form.
test('a password mismatch is told before the unaccepted agreement below it', async () => {
  await fillForm({ confirm: 'abcd12345' });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toBe('The two passwords do not match');
  expect(registerCalls()).toHaveLength(0);
});

test('a number typed with its trunk zero says which account it becomes', async () => {
  renderApp(ROUTES.register);
  await screen.findByLabelText('Invitation code');
  fill('Account (mobile number)', '9012345678');
  expect(screen.queryByText(/leading 0/)).toBeNull();
  fill('Account (mobile number)', '090-1234-5678');
  expect(screen.getByText('Your account will be 9012345678 (the leading 0 is not part of it).')).toBeTruthy();
});
