import { fireEvent, screen } from '@testing-library/react';
import { request } from '@kabuto/shared-sdk';
import { renderApp } from '../../testing/render-app';

jest.mock('../../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));
jest.mock('@kabuto/shared-sdk', () => ({ ...jest.requireActual('@kabuto/shared-sdk'), request: jest.fn() }));
const send = jest.mocked(request);

beforeEach(() => send.mockReset());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillForm({ confirm = 'abcd1234', invite = 'KABUTO1' } = {}) {
  renderApp('/pages/register');
  await screen.findByLabelText('Invitation code');
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fill('Confirm password', confirm);
  fill('Invitation code', invite);
}

test('the password hint states the rule', async () => {
  renderApp('/pages/register');
  expect(await screen.findByText('8 to 20 characters: upper or lower case letters or digits.')).toBeTruthy();
  expect(screen.getByTestId('header-title').textContent).toBe('Join as member');
});

test('different passwords are refused before sending', async () => {
  await fillForm({ confirm: 'abcd12345' });
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toMatch(/\S/);
  expect(screen.getByTestId('form-error').textContent).not.toMatch(/[\u4e00-\u9fff]/);
  expect(send).not.toHaveBeenCalled();
});

test('a missing invitation code is refused before sending', async () => {
  await fillForm({ invite: '' });
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Please enter the invitation code');
  expect(send).not.toHaveBeenCalled();
});

test('the customer agreement must be accepted', async () => {
  await fillForm();
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(screen.getByTestId('form-error').textContent).toBe('Please read and accept the customer agreement');
  expect(send).not.toHaveBeenCalled();
});

test('a valid form is sent to user/register', async () => {
  send.mockResolvedValue({ status: 0, msg: '此功能尚未開放', data: null, failure: 'rejected' });
  const { router } = renderApp('/pages/register');
  await screen.findByLabelText('Invitation code');
  fill('Account (mobile number)', '9012345678');
  fill('Password', 'abcd1234');
  fill('Confirm password', 'abcd1234');
  fill('Invitation code', 'KABUTO1');
  fireEvent.click(screen.getByTestId('customer-agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await screen.findByRole('button', { name: 'Join' });
  expect(send).toHaveBeenCalledWith('user', 'register', {
    account: '9012345678',
    password: 'abcd1234',
    confirmPassword: 'abcd1234',
    inviteCode: 'KABUTO1',
    agreeCustomer: 'true',
  });
  expect(router.state.location.pathname).toBe('/pages/register');
});
