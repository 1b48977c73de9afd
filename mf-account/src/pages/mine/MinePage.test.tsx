import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetHost } from '@kabuto/shared-sdk';
import { type InviteCodeInfo, type SupportConversationView } from '@kabuto/shared-sdk/schemas';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { renderPage, success, userInfo } from '../../test-utils/render-page';
import { listenToChatEvents } from '../../common/support-live';
import MinePage from './MinePage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
// The socket itself is the SDK's (tested there); these tests push events straight to the page.
jest.mock('../../common/support-live', () => ({ listenToChatEvents: jest.fn(() => () => undefined) }));
const send = jest.mocked(request);

const CODES: InviteCodeInfo[] = [
  { code: 'AGT7K2Q9', active: true, createdAt: '2026-04-01T01:00:00.000Z', registrations: 3 },
  { code: 'OLDCODE1', active: false, createdAt: '2026-02-01T01:00:00.000Z', registrations: 0 },
];

/** My support conversation as support/conversation answers it, with `unread` answers not read yet. */
function conversation(unread: number): SupportConversationView {
  return {
    id: 1,
    status: 'waiting',
    topic: 'general',
    unread,
    supportReadUpToId: null,
    createdAt: '2026-12-01T01:00:00.000Z',
    lastActivityAt: '2026-12-01T01:00:00.000Z',
    resolvedAt: null,
    rating: null,
    canRate: false,
    hours: {
      open: true,
      nextOpenAt: null,
      closesAt: '2026-12-01T08:30:00.000Z',
      timeZone: 'Asia/Tokyo',
      opens: '09:00',
      closes: '17:30',
      holidaysClosed: true,
    },
  };
}

function server(user: ReturnType<typeof userInfo>, unread = 0) {
  send.mockImplementation(async (_group, action) => {
    if (action === 'info') return success(user);
    if (action === 'inviteCodes') return success({ codes: CODES });
    if (action === 'conversation') return success(conversation(unread));
    throw new Error(`unexpected call ${action}`);
  });
}

function callsOf(action: string) {
  return send.mock.calls.filter(([, called]) => called === action);
}

const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

beforeEach(() => send.mockReset());
afterEach(() => {
  resetHost();
  if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
});

test('an agent sees the rebate ratio and, on opening, each code with its registrations', async () => {
  server(userInfo({ role: 'agent', rebateRatio: 0.125 }));
  renderPage(<MinePage />, 'en');
  expect((await screen.findByTestId('mine-rebate')).textContent).toBe('12.5%');
  expect(screen.getByText('Customers who register with one of your codes are linked to you. Your rebate ratio: 12.5%.')).toBeTruthy();
  // Not fetched until asked for.
  expect(callsOf('inviteCodes')).toEqual([]);

  fireEvent.click(screen.getByText('Show my invitation codes'));
  const items = await screen.findAllByTestId('invite-code');
  expect(items.map((item) => within(item).getByTestId('invite-code-text').textContent)).toEqual(['AGT7K2Q9', 'OLDCODE1']);
  expect(items[0]!.textContent).toContain('Registrations: 3');
  expect(items[0]!.textContent).toContain('Active');
  expect(items[1]!.textContent).toContain('Deactivated');
  // A deactivated code registers no one: it cannot be copied.
  const copyButtons = screen.getAllByTestId('invite-code-copy') as HTMLButtonElement[];
  expect(copyButtons.map((button) => button.disabled)).toEqual([false, true]);

  fireEvent.click(screen.getByText('Hide invitation codes'));
  expect(screen.queryAllByTestId('invite-code')).toEqual([]);
});

test('a member sees no invitation codes and never asks for them', async () => {
  server(userInfo({ role: 'member' }));
  renderPage(<MinePage />, 'en');
  await screen.findByTestId('mine-account');
  expect(screen.queryByTestId('invite-codes')).toBeNull();
  expect(screen.queryByTestId('mine-rebate')).toBeNull();
  expect(screen.queryByText('Show my invitation codes')).toBeNull();
  expect(callsOf('inviteCodes')).toEqual([]);
});

test('copy puts the code on the clipboard and says so', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  setClipboard({ writeText });
  server(userInfo({ role: 'agent', rebateRatio: 0.1 }));
  const { toasts } = renderPage(<MinePage />, 'tw');
  fireEvent.click(await screen.findByText('查看我的邀請碼'));
  const [first] = await screen.findAllByTestId('invite-code-copy');
  await act(async () => {
    fireEvent.click(first!);
  });
  expect(writeText).toHaveBeenCalledWith('AGT7K2Q9');
  await waitFor(() => expect(toasts).toEqual(['已複製邀請碼 AGT7K2Q9']));
});

test('without a clipboard the code is selected and the user is told to copy it by hand', async () => {
  setClipboard(undefined);
  server(userInfo({ role: 'agent', rebateRatio: 0.1 }));
  const { toasts } = renderPage(<MinePage />, 'jp');
  fireEvent.click(await screen.findByText('招待コードを表示'));
  const [first] = await screen.findAllByTestId('invite-code-copy');
  await act(async () => {
    fireEvent.click(first!);
  });
  await waitFor(() => expect(toasts).toEqual(['このブラウザでは自動でコピーできません。コードを選択しましたので、長押ししてコピーしてください。']));
  expect(window.getSelection()?.toString()).toBe('AGT7K2Q9');
});

test('an institution sees only the support entry, with the answers it has not read yet', async () => {
  server(userInfo({ role: 'institution', supportOnly: true }), 2);
  renderPage(<MinePage />, 'en');
  await screen.findByTestId('mine-entry-support');
  expect(screen.getAllByTestId(/^mine-entry-/).map((e) => e.getAttribute('data-testid'))).toEqual(['mine-entry-support']);
  const badge = await screen.findByTestId('mine-support-unread');
  expect(badge.textContent).toBe('2');
  expect(callsOf('conversation')).toHaveLength(1);
});

test('no badge while every answer from support is read', async () => {
  server(userInfo({ role: 'member' }), 0);
  renderPage(<MinePage />, 'en');
  await screen.findByTestId('mine-entry-support');
  await waitFor(() => expect(callsOf('conversation')).toHaveLength(1));
  expect(screen.queryByTestId('mine-support-unread')).toBeNull();
});

test('a new answer from support counts on the entry at once (live)', async () => {
  server(userInfo({ role: 'member' }));
  renderPage(<MinePage />, 'en');
  await screen.findByTestId('mine-entry-support');
  const listeners = jest.mocked(listenToChatEvents).mock.calls.at(-1)![0];
  const message = {
    id: 9,
    conversationId: 1,
    author: 'operator' as const,
    kind: 'text' as const,
    text: 'Hello',
    attachments: [],
    data: { kind: 'text' as const },
    createdAt: '2026-12-01T01:00:00.000Z',
  };
  act(() => listeners.onEvent({ channel: 'user', t: 1, event: 'support', data: { type: 'message', conversationId: 1, message, unread: 3 } }));
  const badge = await screen.findByTestId('mine-support-unread');
  expect(badge.textContent).toBe('3');
  expect(badge.getAttribute('aria-label')).toBe('3 unread from support');
});
