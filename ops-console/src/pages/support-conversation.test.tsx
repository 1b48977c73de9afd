import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsSupportConversationDetail, OpsSupportMessageView } from '@kabuto/shared-sdk/schemas';
import type { OpsRole } from '../api/route-table';
import { okAnswer, renderScreen, stubMatchMedia } from '../testing/render-screen';
import { ConversationView } from './support-conversation';

// Refine and antd render slowly under jsdom on a busy machine.
jest.setTimeout(30_000);

stubMatchMedia();

const base: Pick<OpsSupportMessageView, 'conversationId' | 'attachments' | 'createdAt' | 'operator' | 'private'> = {
  conversationId: 3,
  attachments: [],
  createdAt: '2026-12-02T01:00:00.000Z',
  operator: null,
  private: false,
};
const messages: OpsSupportMessageView[] = [
  { ...base, id: 10, author: 'customer', kind: 'text', text: '<b>not bold</b><img src=x onerror=alert(1)>', data: { kind: 'text' } },
  { ...base, id: 11, author: 'operator', kind: 'text', text: 'Checking your account', data: { kind: 'text' }, operator: 'alice', private: true },
  {
    ...base,
    id: 12,
    author: 'customer',
    kind: 'deposit-request',
    text: null,
    data: {
      kind: 'deposit-request',
      deposit: {
        id: 7,
        channelId: 'bank-jp',
        amount: { currency: 'JPY', minor: '50000', amount: '50000' },
        proofKey: 'imgs/proof.png',
        state: 'pending',
        rejectReason: null,
        createdAt: '2026-12-02T01:00:00.000Z',
        reviewedAt: null,
        autoApproveAt: null,
      },
    },
  },
  {
    ...base,
    id: 13,
    author: 'customer',
    kind: 'loan-repayment',
    text: null,
    data: {
      kind: 'loan-repayment',
      repayment: {
        loanId: 4,
        orderNo: 'CL0004',
        amount: { currency: 'JPY', minor: '100000', amount: '100000' },
        outstandingAfter: { currency: 'JPY', minor: '200000', amount: '200000' },
      },
    },
  },
];

const detail: OpsSupportConversationDetail = {
  conversation: {
    id: 3,
    account: '0901234567',
    role: 'member',
    status: 'open',
    topic: 'deposit',
    assignee: null,
    waitingSince: '2026-12-02T01:00:00.000Z',
    lastActivityAt: '2026-12-02T01:00:00.000Z',
    createdAt: '2026-12-02T01:00:00.000Z',
    resolvedAt: null,
    unread: 2,
    preview: null,
    rating: null,
  },
  messages,
  customer: {
    account: '0901234567',
    role: 'member',
    kyc: 'approved',
    restrictions: [{ restriction: 'withdraw_banned', internalNote: 'chargeback under review', customerText: 'Withdrawals are paused' }],
    balances: [{ currency: 'JPY', amount: '1200' }],
    openOrders: 1,
    pendingDeposits: 1,
    pendingWithdrawals: 0,
  },
  customerReadUpToId: null,
};

function renderView(role: OpsRole) {
  const onChanged = jest.fn();
  const { sent } = renderScreen(<ConversationView detail={detail} customerTyping onChanged={onChanged} />, {
    role,
    respond: (call) => okAnswer(call.url.startsWith('/api/ops/support/canned') ? [] : null),
  });
  return { sent, onChanged };
}

describe('a support conversation', () => {
  it('shows message text as text, never as HTML', () => {
    renderView('reviewer');
    const text = screen.getAllByTestId('message-text')[0] as HTMLElement;
    expect(text.textContent).toBe('<b>not bold</b><img src=x onerror=alert(1)>');
    expect(text.querySelector('b, img')).toBeNull();
  });

  it('marks the private note, shows the customer panel and the customer typing', () => {
    renderView('reviewer');
    const note = screen.getByTestId('private-note');
    expect(within(note).getByText('Private note (operators only)')).toBeTruthy();
    expect(within(note).getByText('Checking your account')).toBeTruthy();
    expect(screen.getAllByTestId('message-customer')).toHaveLength(3);
    const panel = screen.getByTestId('customer-panel');
    expect(within(panel).getByText('chargeback under review')).toBeTruthy();
    expect(within(panel).getByText('Withdrawals are paused')).toBeTruthy();
    expect(screen.getByTestId('customer-typing')).toBeTruthy();
  });

  it('shows a loan repayment made in the chat with what it left owed (nothing to decide: it is the customer’s own)', () => {
    renderView('reviewer');
    const line = screen.getByTestId('loan-repayment-4');
    expect(line.textContent).toContain('Loan CL0004 repaid by the customer from cash');
    expect(line.textContent).toContain('100,000 JPY');
    expect(line.textContent).toContain('still owed 200,000 JPY');
    expect(within(line).queryByRole('button')).toBeNull();
  });

  it('marks the messages read when opened', async () => {
    const { sent } = renderView('reviewer');
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', url: '/api/ops/support/conversations/3/read', body: { upToId: 13 } }));
  });

  it('approves and rejects the chat’s deposit request through the deposit routes', async () => {
    const { sent } = renderView('reviewer');
    const approve = screen.getByTestId('support-deposit-approve-7') as HTMLButtonElement;
    await waitFor(() => expect(approve.disabled).toBe(false));
    fireEvent.click(approve);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', url: '/api/ops/funds/deposits/7/approve', body: {} }));

    fireEvent.click(screen.getByTestId('support-deposit-reject-7'));
    await waitFor(() => expect(screen.getAllByTestId('action-reason').length).toBeGreaterThan(0));
    const reasons = screen.getAllByTestId('action-reason');
    fireEvent.change(reasons.at(-1) as HTMLElement, { target: { value: 'proof unreadable' } });
    const submits = await screen.findAllByRole('button', { name: 'Submit' });
    fireEvent.click(submits.at(-1) as HTMLElement);
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', url: '/api/ops/funds/deposits/7/reject', body: { reason: 'proof unreadable' } }));
  });

  it('for a viewer, disables the actions with the role they need', async () => {
    renderView('viewer');
    // Wrapped once the role is decided: look the button up again.
    const reply = () => screen.getByTestId('send-reply') as HTMLButtonElement;
    await waitFor(() => expect(reply().closest('.ops-disabled-with-reason')?.getAttribute('aria-label')).toBe('needs reviewer (you are viewer)'));
    expect(reply().disabled).toBe(true);
    expect((screen.getByTestId('support-deposit-approve-7') as HTMLButtonElement).disabled).toBe(true);
  });
});
