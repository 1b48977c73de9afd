import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MSG, ROUTES, resetHost } from '@kabuto/shared-sdk';
import type { SiteMessageDetail } from '@kabuto/shared-sdk/schemas';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { refusal, renderPage, success } from '../../test-utils/render-page';
import MessageDetailPage from './MessageDetailPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
const send = jest.mocked(request);

function notice(kind: string): SiteMessageDetail {
  return {
    id: 5,
    kind,
    title: 'Account restriction',
    body: 'Your account is now trading barred. Reason: Please confirm your recent trades. Please contact support.',
    createdAt: '2026-12-01T01:00:00.000Z',
    readAt: null,
  };
}

function page(lang: 'en' | 'jp' = 'en') {
  return renderPage(
    <Routes>
      <Route path="*" element={<MessageDetailPage />} />
      <Route path={ROUTES.supportChat} element={<p data-testid="chat-opened">chat</p>} />
    </Routes>,
    lang,
  );
}

beforeEach(() => send.mockReset());
afterEach(() => resetHost());

// MemoryRouter starts at '/': the page reads ?id from there.
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual('react-router-dom');
  return { ...actual, useSearchParams: () => [new URLSearchParams('id=5'), jest.fn()] };
});

test('a restriction notice contacts support about the restriction, then opens the chat', async () => {
  const contacted: unknown[] = [];
  send.mockImplementation(async (group, action, params) => {
    if (action === 'messageDetail') return success(notice('restriction_set'));
    if (group === 'support' && action === 'contact') {
      contacted.push(params);
      return success({ conversation: null, message: null });
    }
    throw new Error(`unexpected call ${group}/${action}`);
  });
  page();
  fireEvent.click(await screen.findByTestId('restriction-contact-support'));
  await screen.findByTestId('chat-opened');
  expect(contacted).toEqual([{ topic: 'restriction' }]);
});

test('a refused contact is told, translated, and stays on the notice', async () => {
  send.mockImplementation(async (group, action) => {
    if (action === 'messageDetail') return success(notice('restriction_set'));
    if (group === 'support') return refusal(MSG.supportTopicInvalid);
    throw new Error(`unexpected call ${group}/${action}`);
  });
  page('jp');
  fireEvent.click(await screen.findByTestId('restriction-contact-support'));
  await waitFor(() => expect(screen.getByTestId('restriction-contact-error').textContent).toBe('お問い合わせ内容を選んでください'));
  expect(screen.queryByTestId('chat-opened')).toBeNull();
});

test('other notices offer no contact', async () => {
  send.mockImplementation(async () => success(notice('kyc_approved')));
  page();
  await screen.findByTestId('message-detail');
  expect(screen.queryByTestId('restriction-contact')).toBeNull();
});
