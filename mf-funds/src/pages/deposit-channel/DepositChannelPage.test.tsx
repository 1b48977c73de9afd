// The deposit form checks its fields in the order they appear, and an
// amount outside the channel's limits is refused with the bound, its amount and unit.
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, makeStore, resetHost, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { MemoryRouter } from 'react-router-dom';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { FUNDS_NS } from '../../common/texts';
import { FUNDS_TEXTS } from '../../translations';
import DepositChannelPage from './DepositChannelPage';

const yen = (amount: string) => ({ currency: 'JPY', minor: amount, amount });
const INFO = {
  channels: [
    {
      id: 'jp-bank',
      kind: 'bank_transfer',
      currency: 'JPY',
      min: yen('1000'),
      max: yen('10000000'),
      names: { tw: '銀行轉帳', jp: '銀行振込', en: 'Bank transfer' },
      payee: {
        bankName: 'みずほ銀行',
        branchName: '東京営業部',
        accountType: 'ordinary',
        accountNumber: '1234567',
        holderName: 'カブトシヨウケン（カ',
        roma: { bankName: 'Mizuho Bank', branchName: 'Tokyo Main Office', holderName: 'Kabuto Shoken K.K.' },
      },
    },
  ],
  window: '09:00-17:00',
  days: 'mon-fri',
  open: true,
  demoAutoApprove: false,
  autoApproveSeconds: 0,
  customerService: { kind: 'chat', route: '/pages/mine/support' },
};

afterEach(() => resetHost());

async function openDepositForm(lang: Lang) {
  installRecordingHost(lang);
  const calls = installFakeFetch(json(200, { status: 1, data: INFO }));
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  addTranslations(FUNDS_NS, FUNDS_TEXTS);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/deposit-channel?channel=jp-bank']}>
        <DepositChannelPage />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByTestId('deposit-amount');
  return calls;
}

function deposit(amount: string) {
  const field = screen.getByTestId('deposit-amount');
  fireEvent.change(field.querySelector('input') ?? field, { target: { value: amount } });
  fireEvent.click(screen.getByTestId('deposit-submit'));
}

test.each([
  ['en', '500', 'Minimum deposit: 1,000 JPY'],
  ['tw', '500', '入金最小值1,000日圓'],
  ['jp', '500', '入金最低額は1,000円です'],
  ['en', '20000000', 'Maximum deposit: 10,000,000 JPY'],
] as const)('in %s, a ¥%s deposit without a receipt is told the bound, not the missing receipt', async (lang, amount, told) => {
  const calls = await openDepositForm(lang);
  deposit(amount);
  expect(await screen.findByText(told)).toBeTruthy();
  expect(calls).toHaveLength(1); // only the page's info: nothing was sent
});

test.each([
  ['en', 'みずほ銀行 · Mizuho Bank', '東京営業部 · Tokyo Main Office', 'カブトシヨウケン（カ · Kabuto Shoken K.K.'],
  ['jp', 'みずほ銀行', '東京営業部', 'カブトシヨウケン（カ'],
  ['tw', 'みずほ銀行', '東京営業部', 'カブトシヨウケン（カ'],
] as const)('in %s the payee shows %s', async (lang, bank, branch, holder) => {
  await openDepositForm(lang);
  const shown = [...screen.getByTestId('payee').querySelectorAll('span')].map((span) => span.textContent);
  expect(shown).toEqual(expect.arrayContaining([bank, branch, holder]));
});

test('an amount within the limits without a receipt is then asked for the receipt', async () => {
  await openDepositForm('en');
  deposit('5000');
  expect(await screen.findByText('Please upload the deposit proof')).toBeTruthy();
});
