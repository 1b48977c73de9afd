// The indices, client half: the market and home pages show the simulated Nikkei 225 and
// TOPIX with their change, labelled simulated, with the server's note on the approximation.
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, makeStore, resetHost, resetMarketSocket, sessionSlice, type IndexQuote, type Lang } from '@kabuto/shared-sdk';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { MARKET_NS } from './texts';
import { MARKET_TEXTS } from '../translations';
import { IndexStrip } from './IndexStrip';

const note = { tw: '以模擬成分股計算（近似）', jp: '模擬構成銘柄から算出（近似）', en: 'Computed from the simulated constituents (approximation)' };
const index = (code: 'N225' | 'TOPIX', value: number, change: number, changePercent: number): IndexQuote => ({
  code,
  name: code === 'N225' ? { tw: '日經225', jp: '日経平均株価', en: 'Nikkei 225' } : { tw: '東證股價指數', jp: 'TOPIX', en: 'TOPIX' },
  simulated: true,
  method: code === 'N225' ? 'price-weighted' : 'free-float-cap-weighted',
  note,
  tradingDate: '2026-11-24',
  value,
  previousClose: value - change,
  open: value,
  high: value,
  low: value,
  change,
  changePercent,
  constituents: 225,
  at: 0,
});

afterEach(() => {
  resetMarketSocket();
  resetHost();
});

function renderStrip(lang: Lang) {
  installRecordingHost(lang);
  const calls = installFakeFetch(json(200, { status: 1, data: { items: [index('N225', 38123.45, 250.1, 0.66), index('TOPIX', 2690.5, -3.25, -0.12)] } }));
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  addTranslations(MARKET_NS, MARKET_TEXTS);
  render(
    <Provider store={store}>
      <IndexStrip />
    </Provider>,
  );
  return calls;
}

test('a visitor sees the Nikkei 225 and TOPIX with value, change and direction, labelled simulated', async () => {
  const calls = renderStrip('en');
  // Before the answer the strip already holds its place, so nothing below it moves later.
  expect(screen.getByTestId('index-strip-loading').getAttribute('aria-busy')).toBe('true');
  const nikkei = await screen.findByTestId('index-N225');
  expect(screen.queryByTestId('index-strip-loading')).toBeNull();
  expect(calls[0]?.url).toMatch(/\/market\/indices$/);
  expect(within(nikkei).getByText('Nikkei 225')).toBeTruthy();
  expect(within(nikkei).getByTestId('index-value').textContent).toBe('38,123.45');
  expect(nikkei.textContent).toContain('+250.10 (+0.66%)');
  expect(nikkei.getAttribute('data-direction')).toBe('up');
  const topix = screen.getByTestId('index-TOPIX');
  expect(topix.textContent).toContain('-3.25 (-0.12%)');
  expect(topix.getAttribute('data-direction')).toBe('down');
  expect(within(screen.getByTestId('index-strip')).getByTestId('simulated-badge').textContent).toBe('Simulated');
  expect(screen.getAllByText(note.en)).toHaveLength(2);
});

test('in tw the names and the note are Traditional Chinese', async () => {
  renderStrip('tw');
  expect(await screen.findByText('日經225')).toBeTruthy();
  expect(screen.getByText('指數')).toBeTruthy();
  expect(screen.getAllByText(note.tw)).toHaveLength(2);
});
