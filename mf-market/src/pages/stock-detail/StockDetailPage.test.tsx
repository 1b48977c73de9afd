// Stock details of a code the venue does not list, or no code at all: the page says so in the
// reader's language, with the code it was asked for.
import { screen } from '@testing-library/react';
import { MSG } from '@kabuto/shared-sdk/messages';
import { resetHost, type Lang } from '@kabuto/shared-sdk';
import { renderRemotePage } from '@kabuto/shared-sdk/ui/test-utils/remote-page-kit';
import { installFakeFetch, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { MARKET_NS } from '../../common/texts';
import { MARKET_TEXTS } from '../../translations';
import StockDetailPage from './StockDetailPage';

afterEach(() => resetHost());

const MARKET = { ns: MARKET_NS, texts: MARKET_TEXTS };

test.each([
  ['tw', '查無此代碼的股票'],
  ['jp', 'このコードの銘柄はありません'],
  ['en', 'No stock with this code'],
] as const)('in %s, no code in the address: the page says there is no such stock', async (lang: Lang, text: string) => {
  renderRemotePage(<StockDetailPage />, MARKET, { lang, path: '/pages/common/sharesDetails' });
  expect((await screen.findByTestId('unknown-code')).textContent).toBe(text);
});

test('a code the server refuses: its refusal, translated, and the code', async () => {
  installFakeFetch(json(200, { status: 0, msg: MSG.unknownStockCode, data: null }));
  renderRemotePage(<StockDetailPage />, MARKET, { lang: 'en', path: '/pages/common/sharesDetails?code=1234' });
  const state = await screen.findByTestId('unknown-code');
  expect(state.textContent).toMatch(/ · 1234$/);
  expect(state.textContent).not.toMatch(/[\u4e00-\u9fff]/);
});
