// The news page showed antd-mobile's Simplified Chinese "下拉刷新" in every
// language. The pull-to-refresh texts are the page's own, in the reader's language.
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, makeStore, resetHost, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { MemoryRouter } from 'react-router-dom';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { MARKET_NS } from '../../common/texts';
import { MARKET_TEXTS } from '../../translations';
import NewsPage from './NewsPage';

afterEach(() => resetHost());

test.each([
  ['tw', '下拉重新整理'],
  ['jp', '引き下げて更新'],
  ['en', 'Pull down to refresh'],
] as const)('in %s the news page offers pull-to-refresh in that language only', async (lang: Lang, pulling: string) => {
  installRecordingHost(lang);
  installFakeFetch(json(200, { status: 1, data: { total: 0, offset: 0, items: [] } }));
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  addTranslations(MARKET_NS, MARKET_TEXTS);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <NewsPage />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('news-page');
  expect(screen.getByText(pulling)).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/下拉刷新|释放立即刷新|加载中/);
});
