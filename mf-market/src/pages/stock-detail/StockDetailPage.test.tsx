// Stock details of a code the venue does not list, or no code at all: the page says so in the
// reader's language, with the code it was asked for.
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MSG } from '@kabuto/shared-sdk/messages';
import { makeStore, resetHost, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { namespaceResources } from '@kabuto/shared-sdk/ui';
import { MemoryRouter } from '@kabuto/shared-sdk/ui/test-utils/memory-router';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { MARKET_NS } from '../../common/texts';
import { MARKET_TEXTS } from '../../translations';
import StockDetailPage from './StockDetailPage';

afterEach(() => resetHost());

function renderAt(path: string, lang: Lang) {
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, resources: namespaceResources(MARKET_NS, MARKET_TEXTS), keySeparator: false, initAsync: false });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <StockDetailPage />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

test.each([
  ['tw', '查無此代碼的股票'],
  ['jp', 'このコードの銘柄はありません'],
  ['en', 'No stock with this code'],
] as const)('in %s, no code in the address: the page says there is no such stock', async (lang: Lang, text: string) => {
  installRecordingHost(lang);
  renderAt('/pages/common/sharesDetails', lang);
  expect((await screen.findByTestId('unknown-code')).textContent).toBe(text);
});

test('a code the server refuses: its refusal, translated, and the code', async () => {
  installRecordingHost('en');
  installFakeFetch(json(200, { status: 0, msg: MSG.unknownStockCode, data: null }));
  renderAt('/pages/common/sharesDetails?code=1234', 'en');
  const state = await screen.findByTestId('unknown-code');
  expect(state.textContent).toMatch(/ · 1234$/);
  expect(state.textContent).not.toMatch(/[\u4e00-\u9fff]/);
});
