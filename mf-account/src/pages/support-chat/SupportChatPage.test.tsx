import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG, resetHost, type UserPush } from '@kabuto/shared-sdk';
import type { SupportConversationView, SupportMessagePage, SupportMessageView } from '@kabuto/shared-sdk/schemas';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { refusal, renderPage, success } from '../../test-utils/render-page';
import { listenToChatEvents, type ChatLiveListeners } from '../../common/support-live';
import SupportChatPage from './SupportChatPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
// The socket itself is the SDK's (tested there); the page's tests push events straight to the page.
jest.mock('../../common/support-live', () => ({ listenToChatEvents: jest.fn() }));
const send = jest.mocked(request);
const listen = jest.mocked(listenToChatEvents);

function conversation(overrides: Partial<SupportConversationView> = {}): SupportConversationView {
  return {
    id: 7,
    status: 'waiting',
    topic: 'general',
    unread: 0,
    supportReadUpToId: 11,
    createdAt: '2026-12-01T01:00:00.000Z',
    lastActivityAt: '2026-12-01T02:00:00.000Z',
    resolvedAt: null,
    rating: null,
    canRate: false,
    hours: {
      open: false,
      nextOpenAt: '2026-12-03T00:00:00.000Z',
      closesAt: null,
      timeZone: 'Asia/Tokyo',
      opens: '09:00',
      closes: '17:30',
      holidaysClosed: true,
    },
    ...overrides,
  };
}

function message(
  id: number,
  author: SupportMessageView['author'],
  text: string | null,
  data: SupportMessageView['data'] = { kind: 'text' },
): SupportMessageView {
  return {
    id,
    conversationId: 7,
    author,
    kind: data.kind,
    text,
    attachments: [],
    data,
    createdAt: `2026-12-01T01:${String(id % 60).padStart(2, '0')}:00.000Z`,
  };
}

const HISTORY: SupportMessageView[] = [
  message(10, 'customer', 'How do I deposit by bank transfer?'),
  message(11, 'auto', 'Out of hours (server text)', { kind: 'auto', nextOpenAt: '2026-12-02T00:00:00.000Z' }),
  message(12, 'operator', 'Transfer to the account shown on the deposit page.'),
  message(13, 'customer', 'Thanks'),
  message(14, 'system', null, { kind: 'status', status: 'waiting' }),
];

type Handler = (action: string, params: Record<string, unknown>) => unknown;

function server(handler: Handler = () => undefined, pages: Record<string, SupportMessagePage> = {}) {
  send.mockImplementation(async (group, action, params) => {
    expect(group).toBe('support');
    const form = (params ?? {}) as Record<string, unknown>;
    const answer = handler(action, form);
    if (answer !== undefined) return answer as never;
    if (action === 'conversation') return success(conversation());
    if (action === 'messages') return success(pages[String(form.beforeId ?? 'newest')] ?? { list: HISTORY, nextBeforeId: null });
    if (action === 'read') return success(conversation({ unread: 0 }));
    if (action === 'typing') return success(null);
    throw new Error(`unexpected call ${action}`);
  });
}

function callsOf(action: string) {
  return send.mock.calls.filter(([, called]) => called === action).map(([, , params]) => params as Record<string, unknown>);
}

/** The page's live listeners, once it has subscribed. */
async function live(): Promise<ChatLiveListeners> {
  await waitFor(() => expect(listen).toHaveBeenCalled());
  return listen.mock.calls[listen.mock.calls.length - 1]![0];
}

function push(listeners: ChatLiveListeners, event: UserPush) {
  act(() => listeners.onEvent(event));
}

beforeEach(() => {
  send.mockReset();
  listen.mockReset();
  listen.mockReturnValue(() => undefined);
});
afterEach(() => resetHost());

test('the history: mine on the right with receipts, support on the left, the automatic reply in my language, status lines apart', async () => {
  server();
  renderPage(<SupportChatPage />, 'en');
  const rows = await screen.findAllByTestId('chat-message');
  expect(rows.map((r) => r.getAttribute('data-author'))).toEqual(['customer', 'auto', 'operator', 'customer', 'system']);
  expect(screen.getByTestId('chat-status').textContent).toBe('Waiting for your reply');
  // Closed now: the next opening in Japan time.
  expect(screen.getByTestId('chat-hours').textContent).toBe(
    'Weekdays 09:00–17:30 JST, closed on Japanese public holidays · Closed now · opens 03/12/2026, 09:00 JST',
  );
  expect(rows[1]!.textContent).toContain('Support is closed now and opens at 02/12/2026, 09:00 JST');
  expect(rows[1]!.textContent).not.toContain('server text');
  expect(rows[2]!.textContent).toContain('Transfer to the account shown on the deposit page.');
  expect(rows[4]!.textContent).toContain('Support is waiting for your reply');
  // Support has read up to 11: my first message is read, my second only sent.
  const receipts = screen.getAllByTestId('chat-receipt');
  expect(receipts.map((r) => r.getAttribute('data-read'))).toEqual(['true', 'false']);
  expect(screen.getByTestId('chat-start').textContent).toBe('Start of the conversation');
});

test('in Japanese, the automatic reply and the status are Japanese', async () => {
  server();
  renderPage(<SupportChatPage />, 'jp');
  const rows = await screen.findAllByTestId('chat-message');
  expect(rows[1]!.textContent).toContain('ただいま受付時間外です。日本時間 2026/12/02 09:00 から受付を再開');
  expect(screen.getByTestId('chat-status').textContent).toBe('お客様の返信待ち');
});

test('sends a text with an idempotency key; the sent message and the automatic reply appear', async () => {
  const sent: Record<string, unknown>[] = [];
  server((action, form) => {
    if (action !== 'send') return undefined;
    sent.push(form);
    return success({
      message: message(20, 'customer', String(form.text)),
      autoReply: message(21, 'auto', 'closed', { kind: 'auto', nextOpenAt: '2026-12-02T00:00:00.000Z' }),
      conversation: conversation({ status: 'open' }),
    });
  });
  renderPage(<SupportChatPage />, 'en');
  await screen.findAllByTestId('chat-message');
  fireEvent.change(screen.getByPlaceholderText('Type a message'), { target: { value: '  I sent ¥50,000 today  ' } });
  fireEvent.click(screen.getByTestId('chat-send'));
  await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(7));
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ text: 'I sent ¥50,000 today' });
  expect(String(sent[0]!.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
  const rows = screen.getAllByTestId('chat-message');
  expect(rows[5]!.getAttribute('data-author')).toBe('customer');
  expect(rows[6]!.getAttribute('data-author')).toBe('auto');
  expect(screen.getByTestId('chat-status').textContent).toBe('Open · support will answer');
  expect((screen.getByPlaceholderText('Type a message') as HTMLTextAreaElement).value).toBe('');
  // Typing was told while writing, and stopped on send.
  expect(callsOf('typing').map((f) => f.typing)).toEqual([true, false]);
});

test('an empty message is refused before it goes; a server refusal is shown translated', async () => {
  server((action) => (action === 'send' ? refusal(MSG.supportSendTooFrequent) : undefined));
  renderPage(<SupportChatPage />, 'tw');
  await screen.findAllByTestId('chat-message');
  fireEvent.click(screen.getByTestId('chat-send'));
  expect((await screen.findByTestId('chat-error')).textContent).toBe('請輸入訊息或附加圖片');
  expect(callsOf('send')).toEqual([]);

  fireEvent.change(screen.getByPlaceholderText('輸入訊息'), { target: { value: 'hello' } });
  fireEvent.click(screen.getByTestId('chat-send'));
  await waitFor(() => expect(screen.getByTestId('chat-error').textContent).toBe('訊息發送過於頻繁：每分鐘最多20則'));
  // Not sent: the text stays for the next try.
  expect((screen.getByPlaceholderText('輸入訊息') as HTMLTextAreaElement).value).toBe('hello');
});

test('message text is shown as text, never as HTML', async () => {
  const markup = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold</b>';
  server(undefined, { newest: { list: [message(30, 'operator', markup)], nextBeforeId: null } });
  renderPage(<SupportChatPage />, 'en');
  const text = await screen.findByTestId('chat-message-text');
  expect(text.textContent).toBe(markup);
  expect(text.querySelector('script, img, b')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
});

test('live: support’s message appends and is marked read, typing shows, the read receipt and the status follow', async () => {
  server((action) => (action === 'conversation' ? success(conversation({ status: 'open' })) : undefined));
  renderPage(<SupportChatPage />, 'en');
  await screen.findAllByTestId('chat-message');
  const listeners = await live();

  push(listeners, { channel: 'user', t: 1, event: 'support', data: { type: 'typing', conversationId: 7, author: 'operator', typing: true } });
  expect(screen.getByTestId('chat-typing').textContent).toBe('Support is typing…');

  push(listeners, {
    channel: 'user',
    t: 2,
    event: 'support',
    data: { type: 'message', conversationId: 7, message: message(40, 'operator', 'Received, checking now.'), unread: 1 },
  });
  const rows = screen.getAllByTestId('chat-message');
  expect(rows[rows.length - 1]!.textContent).toContain('Received, checking now.');
  expect(screen.queryByTestId('chat-typing')).toBeNull();
  await waitFor(() => expect(callsOf('read')).toEqual([{ upToId: 40 }]));

  // The same message again (another device's event) does not show twice.
  push(listeners, {
    channel: 'user',
    t: 3,
    event: 'support',
    data: { type: 'message', conversationId: 7, message: message(40, 'operator', 'Received, checking now.'), unread: 0 },
  });
  expect(screen.getAllByTestId('chat-message')).toHaveLength(rows.length);

  push(listeners, { channel: 'user', t: 4, event: 'support', data: { type: 'read', conversationId: 7, reader: 'operator', upToId: 13 } });
  await waitFor(() => expect(screen.getAllByTestId('chat-receipt').map((r) => r.getAttribute('data-read'))).toEqual(['true', 'true']));

  push(listeners, { channel: 'user', t: 5, event: 'support', data: { type: 'status', conversationId: 7, status: 'resolved' } });
  await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Resolved'));
});

test('a deposit made through the chat follows its state live', async () => {
  const deposit = {
    id: 55,
    channelId: 'jpy-bank',
    amount: { currency: 'JPY' as const, amount: '50000', minor: '50000' },
    proofKey: 'imgs/abcdefghijklmno.png',
    state: 'pending' as const,
    rejectReason: null,
    createdAt: '2026-12-01T01:00:00.000Z',
    reviewedAt: null,
    autoApproveAt: null,
  };
  server(undefined, { newest: { list: [message(50, 'customer', null, { kind: 'deposit-request', deposit })], nextBeforeId: null } });
  renderPage(<SupportChatPage />, 'en');
  expect((await screen.findByTestId('chat-deposit')).textContent).toContain('Deposit request #55 · ¥50,000');
  expect(screen.getByTestId('chat-deposit-state').textContent).toBe('Under review');
  const listeners = await live();
  push(listeners, { channel: 'user', t: 1, event: 'deposit', data: { id: 55, state: 'approved' } });
  expect(screen.getByTestId('chat-deposit-state').textContent).toBe('Approved and credited');
});

test('older messages load at the top, before the ones shown', async () => {
  const older: SupportMessagePage = { list: [message(3, 'customer', 'My first question'), message(4, 'operator', 'My first answer')], nextBeforeId: null };
  server(undefined, { newest: { list: HISTORY, nextBeforeId: 10 }, '10': older });
  renderPage(<SupportChatPage />, 'en');
  await screen.findAllByTestId('chat-message');
  expect(screen.queryByTestId('chat-start')).toBeNull();
  fireEvent.click(screen.getByTestId('chat-older'));
  await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(7));
  expect(callsOf('messages').map((f) => f.beforeId)).toEqual([undefined, 10]);
  const texts = screen.getAllByTestId('chat-message').map((r) => r.getAttribute('data-id'));
  expect(texts).toEqual(['3', '4', '10', '11', '12', '13', '14']);
  expect(within(screen.getByTestId('chat-messages')).getByTestId('chat-start').textContent).toBe('Start of the conversation');
});

test('once resolved, a 1–5 rating; without stars it is refused before it goes', async () => {
  let rated = false;
  server((action, form) => {
    if (action === 'conversation')
      return success(rated ? conversation({ status: 'resolved', rating: { stars: 4, comment: null } }) : conversation({ status: 'resolved', canRate: true }));
    if (action === 'rate') {
      expect(form).toMatchObject({ stars: '4' });
      rated = true;
      return success(conversation({ status: 'resolved', rating: { stars: 4, comment: null } }));
    }
    return undefined;
  });
  renderPage(<SupportChatPage />, 'en');
  const panel = await screen.findByTestId('chat-rating');
  fireEvent.click(within(panel).getByTestId('chat-rate'));
  expect((await screen.findByTestId('chat-rating-error')).textContent).toBe('Choose 1 to 5 stars');
  fireEvent.click(within(panel).getByRole('radio', { name: '4 of 5' }));
  fireEvent.click(within(panel).getByTestId('chat-rate'));
  expect((await screen.findByTestId('chat-rated')).textContent).toBe('You rated this resolution 4 of 5');
});

test('a restriction line names each restriction and the reason written for me, in my language', async () => {
  server(undefined, {
    newest: {
      list: [
        message(60, 'system', null, { kind: 'restriction', restrictions: [{ restriction: 'withdraw_banned', reason: '本人確認書類の再提出をお願いします' }] }),
      ],
      nextBeforeId: null,
    },
  });
  renderPage(<SupportChatPage />, 'jp');
  const [line] = await screen.findAllByTestId('chat-message');
  expect(line!.getAttribute('data-author')).toBe('system');
  expect(line!.textContent).toContain('お客様の口座の制限');
  expect(line!.textContent).toContain('出金停止 · 理由：本人確認書類の再提出をお願いします');
});

test('deposit through support: the channels come from support itself, so a seat account (refused every funds call) deposits here too', async () => {
  const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });
  const channel = {
    id: 'bank-jpy',
    kind: 'bank_transfer' as const,
    currency: 'JPY' as const,
    min: yen('1000'),
    max: yen('5000000'),
    names: { tw: '日圓銀行轉帳', jp: '円銀行振込', en: 'Yen bank transfer' },
    payee: { bankName: '', branchName: '', accountType: 'ordinary' as const, accountNumber: '', holderName: '', roma: null },
  };
  server((action) => (action === 'depositInfo' ? success({ channels: [channel] }) : undefined));
  renderPage(<SupportChatPage />, 'en');
  fireEvent.click(await screen.findByTestId('chat-deposit-open'));
  expect((await screen.findByTestId('chat-deposit-channel')).textContent).toContain('Yen bank transfer');
  expect(screen.getByTestId('chat-deposit-sheet').textContent).toContain('¥1,000');
  // Every call went to support (the server mock refuses any other group).
  expect(callsOf('depositInfo')).toHaveLength(1);
});

test('a loan repayment through support: refusals shown translated, then the repayment line with what is left owed', async () => {
  const money = (yen: string) => ({ currency: 'JPY' as const, minor: yen, amount: yen });
  const forms: Record<string, unknown>[] = [];
  server((action, form) => {
    if (action !== 'repayRequest') return undefined;
    forms.push(form);
    if (form.amount === '900000') return refusal(MSG.repaymentExceedsLoan);
    const repayment = { loanId: 3, orderNo: 'CL0003', amount: money('100000'), outstandingAfter: money('200000') };
    return success({ message: message(60, 'customer', null, { kind: 'loan-repayment', repayment }), loan: { id: 3 } });
  });
  renderPage(<SupportChatPage />, 'en');
  fireEvent.click(await screen.findByTestId('chat-repay-open'));
  const amount = (await screen.findByTestId('chat-repay-amount')).querySelector('input')!;
  const password = screen.getByTestId('chat-repay-fund-password').querySelector('input')!;
  // Checked before anything is sent: no fund password.
  fireEvent.change(amount, { target: { value: '900000' } });
  fireEvent.click(screen.getByTestId('chat-repay-submit'));
  expect(await screen.findByTestId('form-error')).toBeTruthy();
  expect(forms).toHaveLength(0);
  fireEvent.change(password, { target: { value: '246810' } });
  fireEvent.click(screen.getByTestId('chat-repay-submit'));
  await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('Repayment cannot exceed the loan'));
  fireEvent.change(amount, { target: { value: '100000' } });
  fireEvent.click(screen.getByTestId('chat-repay-submit'));
  const line = await screen.findByTestId('chat-repayment');
  expect(line.textContent).toContain('Loan CL0003 repaid · ¥100,000');
  expect(screen.getByTestId('chat-repayment-left').textContent).toBe('Still owed: ¥200,000');
  expect(forms[1]).toMatchObject({ amount: '100000', fundPassword: '246810' });
});
