// The bank picker shows the romanised name beside the Japanese one to readers of en (and hi/id),
// and the Japanese name alone in tw and jp; what the customer types is what the server searches.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations, makeStore, resetHost, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { installFakeFetch, installRecordingHost, json } from '@kabuto/shared-sdk/test-utils/protocol';
import { FUNDS_NS } from '../../common/texts';
import { FUNDS_TEXTS } from '../../translations';
import { BankPicker } from './ZenginPicker';

const SMBC = { code: '0009', name: '三井住友', kana: 'ミツイスミトモ', roma: 'Sumitomo Mitsui Banking Corporation' };

afterEach(() => resetHost());

function renderPicker(lang: Lang) {
  installRecordingHost(lang);
  const calls = installFakeFetch(json(200, { status: 1, data: { list: [SMBC] } }));
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  addTranslations(FUNDS_NS, FUNDS_TEXTS);
  render(
    <Provider store={store}>
      <BankPicker label="Bank" placeholder="Search" selected={null} onSelect={() => undefined} testId="bank" />
    </Provider>,
  );
  return calls;
}

test.each([
  ['en', '三井住友 Sumitomo Mitsui Banking Corporation'],
  ['hi', '三井住友 Sumitomo Mitsui Banking Corporation'],
  ['jp', '三井住友'],
  ['tw', '三井住友'],
] as const)('in %s a match reads %s', async (lang, shown) => {
  renderPicker(lang);
  const picker = screen.getByTestId('bank');
  await waitFor(() => expect(picker.querySelector('.adm-list-item-content-main')?.textContent).toBe(`${shown}ミツイスミトモ`), { timeout: 4000 }); // then the kana line
});

test('what is typed is sent to the server as the search', async () => {
  const calls = renderPicker('en');
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'SMBC' } });
  await waitFor(() => expect(calls.some((call) => String(call.body).includes('q=SMBC'))).toBe(true), { timeout: 3000 });
});
