// The wallet names unsettled sale proceeds on their own line with their settlement date,
// beside a withdrawable figure that never reads below zero.
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, makeStore, resetHost, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { MemoryRouter } from 'react-router-dom';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { FUNDS_NS } from './texts';
import { FUNDS_TEXTS } from '../translations';
import { WalletHeader } from './WalletHeader';

const yen = (amount: string) => ({ currency: 'JPY', minor: amount, amount });
const WALLET = {
  baseCurrency: 'JPY',
  totalAssets: yen('640700'),
  balance: yen('0'),
  available: yen('0'),
  frozen: yen('0'),
  usdAmount: { currency: 'USD', minor: '0', amount: '0.00' },
  holds: [{ source: 'unsettled-proceeds', amount: yen('640700') }],
  unsettled: [{ source: 'unsettled-proceeds', amount: yen('640700'), settlesOn: '2026-12-03' }],
  currencies: [],
  rates: { asOf: '2026-12-01T01:00:00.000Z', simulated: true, provider: 'test' },
};

afterEach(() => resetHost());

function renderWalletHeader(lang: Lang) {
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  addTranslations(FUNDS_NS, FUNDS_TEXTS);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <WalletHeader />
      </MemoryRouter>
    </Provider>,
  );
}

test.each([
  ['en', /Unsettled sale proceeds .*640,700.*withdrawable from 03\/12\/2026/],
  ['jp', /未受渡の売却代金 .*640,700.*2026\/12\/03 から出金可能/],
  ['tw', /未交割的賣出款項 .*640,700.*2026\/12\/03 起可出金/],
] as const)('%s: the unsettled proceeds show with their settlement date', async (lang: Lang, text) => {
  installRecordingHost(lang);
  installFakeFetch(json(200, { status: 1, data: WALLET }));
  renderWalletHeader(lang);
  expect((await screen.findByTestId('wallet-unsettled')).textContent).toMatch(text);
  expect(screen.getByTestId('wallet-available-value').textContent).not.toMatch(/-/);
  // The hold is named, never shown by its code.
  expect(screen.getByTestId('wallet').textContent).not.toMatch(/unsettled-proceeds/);
});

test.each([
  ['en', 'IPO escrow', 'Still yours'],
  ['jp', '新規公開株 申込拘束金', '総資産に含みます'],
  ['tw', '新股申購凍結', '已計入總資產'],
] as const)('%s: money escrowed for an IPO application has its own line, named, beside total assets', async (lang: Lang, name, note) => {
  installRecordingHost(lang);
  installFakeFetch(
    json(200, {
      status: 1,
      data: {
        ...WALLET,
        totalAssets: yen('1000000'),
        balance: yen('860000'),
        available: yen('860000'),
        holds: [],
        unsettled: [],
        escrow: [{ source: 'ipo-escrow', amount: yen('140000') }],
      },
    }),
  );
  renderWalletHeader(lang);
  const line = await screen.findByTestId('wallet-escrow');
  expect(line.textContent).toContain(name);
  expect(line.textContent).toContain(note);
  expect(screen.getByTestId('wallet-escrow-value').textContent).toBe('¥140,000');
  expect(screen.getByTestId('wallet-totalAssets-value').textContent).toBe('¥1,000,000');
  expect(screen.getByTestId('wallet').textContent).not.toMatch(/ipo-escrow/);
});
