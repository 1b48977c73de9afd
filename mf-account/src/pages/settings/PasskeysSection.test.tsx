import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG, resetHost } from '@kabuto/shared-sdk';
import { type PasskeyInfo } from '@kabuto/shared-sdk/schemas';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { refusal, renderPage, success } from '../../test-utils/render-page';
import { PasskeysSection } from './PasskeysSection';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
const send = jest.mocked(request);

function passkey(name: string): PasskeyInfo {
  return { id: 'cred-1', name, createdAt: '2026-03-01T00:00:00.000Z', lastUsedAt: null, transports: ['internal'] };
}

/** A server holding one passkey; user/passkeyRename answers with `renameAnswer` or renames it. */
function serverWithOnePasskey(renameAnswer?: ReturnType<typeof refusal>) {
  let stored = passkey('Passkey 1');
  send.mockImplementation(async (_group, action, params) => {
    if (action === 'passkeys') return success([stored]);
    if (action === 'passkeyRename') {
      if (renameAnswer) return renameAnswer;
      stored = { ...stored, name: String(params?.name) };
      return success(stored, MSG.modifySuccess);
    }
    throw new Error(`unexpected call ${action}`);
  });
}

function renameCalls() {
  return send.mock.calls.filter(([, action]) => action === 'passkeyRename');
}

async function openRenameAndType(name: string) {
  fireEvent.click(await screen.findByTestId('passkey-rename'));
  const input = await screen.findByTestId('passkey-rename-input');
  const field = input.tagName === 'INPUT' ? input : input.querySelector('input');
  if (!field) throw new Error('no input in the rename dialog');
  fireEvent.change(field, { target: { value: name } });
}

async function press(label: string) {
  await act(async () => {
    fireEvent.click(screen.getByText(label));
  });
}

beforeEach(() => send.mockReset());

test("a passkey stored without a name is named in the reader's language, by its place oldest first", async () => {
  const older = { ...passkey(''), id: 'cred-old', createdAt: '2026-02-01T00:00:00.000Z' };
  const newer = { ...passkey('Laptop'), id: 'cred-new' };
  const unnamedNewest = { ...passkey(''), id: 'cred-newest', createdAt: '2026-04-01T00:00:00.000Z' };
  send.mockImplementation(async (_group, action) => {
    if (action === 'passkeys') return success([unnamedNewest, newer, older]);
    throw new Error(`unexpected call ${action}`);
  });
  renderPage(<PasskeysSection />, 'jp');
  await waitFor(() => expect(screen.getAllByTestId('passkey-name').map((n) => n.textContent)).toEqual(['パスキー 3', 'Laptop', 'パスキー 1']));
});
afterEach(() => resetHost());

test('renaming sends the trimmed name, says so, and the list shows the new name', async () => {
  serverWithOnePasskey();
  const { toasts } = renderPage(<PasskeysSection />, 'en');
  expect((await screen.findByTestId('passkey-name')).textContent).toBe('Passkey 1');

  await openRenameAndType('  Work phone  ');
  await press('Save');

  await waitFor(() => expect(screen.getByTestId('passkey-name').textContent).toBe('Work phone'));
  expect(renameCalls()).toEqual([['user', 'passkeyRename', { id: 'cred-1', name: 'Work phone' }, expect.anything()]]);
  expect(toasts).toEqual(['Modified successfully']);
  await waitFor(() => expect(screen.queryByTestId('passkey-rename-input')).toBeNull());
  // The list was asked again after the rename (tag invalidation), not patched locally.
  expect(send.mock.calls.filter(([, action]) => action === 'passkeys').length).toBe(2);
});

test('a name the shared rule refuses is explained in the user language and never sent', async () => {
  serverWithOnePasskey();
  renderPage(<PasskeysSection />, 'jp');
  await openRenameAndType('x'.repeat(41));
  await press('保存');
  expect((await screen.findByTestId('passkey-rename-error')).textContent).toBe('名前は1〜40文字で入力してください');

  // Cancelled and opened again: a fresh dialog, then a blank name.
  await press('キャンセル');
  await waitFor(() => expect(screen.queryByTestId('passkey-rename-input')).toBeNull());
  await openRenameAndType('   ');
  expect(screen.queryByTestId('passkey-rename-error')).toBeNull();
  await press('保存');
  expect(screen.getByTestId('passkey-rename-error').textContent).toBe('名前は1〜40文字で入力してください');
  expect(renameCalls()).toEqual([]);
  expect(screen.getByTestId('passkey-name').textContent).toBe('Passkey 1');
});

test('a refusal from the server stays in the dialog, translated', async () => {
  serverWithOnePasskey(refusal(MSG.passkeyNotFound));
  const { toasts } = renderPage(<PasskeysSection />, 'en');
  await openRenameAndType('Laptop');
  await press('Save');
  expect((await screen.findByTestId('passkey-rename-error')).textContent).toBe('Passkey not found');
  expect(screen.getByTestId('passkey-rename-input')).toBeTruthy();
  expect(toasts).toEqual([]);
  expect(renameCalls()).toHaveLength(1);
});
