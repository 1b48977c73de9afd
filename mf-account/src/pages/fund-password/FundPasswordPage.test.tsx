// The fund-password page says what the password is for: withdrawals, and also orders and IPO
// subscriptions (the forms that ask for it send customers here when they have none).
import { screen } from '@testing-library/react';
import { resetHost, type Lang } from '@kabuto/shared-sdk';
import { request } from '@kabuto/shared-sdk/protocol/request';
import { renderPage, success, userInfo } from '../../test-utils/render-page';
import FundPasswordPage from './FundPasswordPage';

jest.mock('@kabuto/shared-sdk/protocol/request', () => ({
  ...jest.requireActual('@kabuto/shared-sdk/protocol/request'),
  request: jest.fn(),
}));
const send = jest.mocked(request);

beforeEach(() => {
  send.mockReset();
  send.mockImplementation(async (_group, action) => {
    if (action === 'info') return success(userInfo({ hasFundPassword: false }));
    throw new Error(`unexpected call ${action}`);
  });
});
afterEach(() => resetHost());

test.each<[Lang, readonly string[]]>([
  ['en', ['withdrawals', 'orders', 'IPO subscriptions']],
  ['tw', ['出金', '下單', '新股申購']],
  ['jp', ['出金', '注文', '新規公開株の申込']],
])('setting it (%s): it confirms withdrawals, orders and subscriptions', async (lang, uses) => {
  renderPage(<FundPasswordPage />, lang);
  const intro = await screen.findByTestId('fund-password-intro');
  for (const use of uses) expect(intro.textContent).toContain(use);
});
