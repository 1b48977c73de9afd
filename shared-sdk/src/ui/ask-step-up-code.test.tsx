import './test-utils/jsdom-platform';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AskForCode } from '../identity/step-up';
import { bridgeAntdMobileToReact19 } from './antd-mobile-react19';
import { useAskStepUpCode } from './ask-step-up-code';
import { SDK_UI_TEXTS } from './page-pending';

function Probe({ onReady }: { onReady(ask: AskForCode): void }) {
  onReady(useAskStepUpCode());
  return null;
}

async function askIn(lang: string): Promise<AskForCode> {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, resources: {}, initAsync: false });
  let ask: AskForCode | null = null;
  render(
    <I18nextProvider i18n={instance}>
      <Probe onReady={(a) => (ask = a)} />
    </I18nextProvider>,
  );
  if (!ask) throw new Error('hook not rendered');
  return ask;
}

// What every package does once for its antd-mobile copy: the imperative Dialog needs
// the React 19 render bridge.
beforeAll(() => bridgeAntdMobileToReact19(unstableSetRender));

describe('the shared one-time-code prompt', () => {
  it('asks in the user language and resolves the typed code', async () => {
    const ask = await askIn('jp');
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
    const ask = await askIn('en');
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
