import './test-utils/jsdom-platform';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { Provider } from 'react-redux';
import type { Lang } from '../i18n/languages';
import type { AskForCode } from '../identity/step-up';
import { languageChanged, makeStore } from '../state';
import { bridgeAntdMobileToReact19 } from './antd-mobile-react19';
import { useAskStepUpCode } from './ask-step-up-code';
import { SDK_UI_TEXTS } from './page-pending';

function Probe({ onReady }: { onReady(ask: AskForCode): void }) {
  onReady(useAskStepUpCode());
  return null;
}

function askIn(lang: Lang): AskForCode {
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  let ask: AskForCode | null = null;
  render(
    <Provider store={store}>
      <Probe onReady={(a) => (ask = a)} />
    </Provider>,
  );
  if (!ask) throw new Error('hook not rendered');
  return ask;
}

// What every package does once for its antd-mobile copy: the imperative Dialog needs
// the React 19 render bridge.
beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));

describe('the shared one-time-code prompt', () => {
  it('asks in the user language and resolves the typed code', async () => {
    const ask = askIn('jp');
    let answer: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      answer = ask({ sentTo: '090****1234' } as Parameters<AskForCode>[0]);
    });
    expect(await screen.findByText(SDK_UI_TEXTS.jp.stepUpCodeTitle!)).toBeTruthy();
    expect(screen.getByText(/090\*\*\*\*1234/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: SDK_UI_TEXTS.jp.stepUpCodePlaceholder! }), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByText(SDK_UI_TEXTS.jp.stepUpConfirm!));
    });
    await expect(answer).resolves.toBe('123456');
  });

  it('resolves null when cancelled', async () => {
    const ask = askIn('en');
    let answer: Promise<string | null> = Promise.resolve('x');
    await act(async () => {
      answer = ask({ sentTo: 'you' } as Parameters<AskForCode>[0]);
    });
    await act(async () => {
      fireEvent.click(await screen.findByText(SDK_UI_TEXTS.en.stepUpCancel!));
    });
    await expect(answer).resolves.toBeNull();
  });
});
