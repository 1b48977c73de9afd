import './test-utils/jsdom-platform';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { COMPLETE_LANGS } from '../i18n/languages';
import { PagePending, SDK_UI_NAMESPACE, SDK_UI_TEXTS } from './page-pending';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function renderIn(instance: typeof i18next): Promise<HTMLElement> {
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={instance}>
        <PagePending />
      </I18nextProvider>,
    );
  });
  return container;
}

describe('PagePending', () => {
  it('registers its texts on the page i18next instance when the host initialises it', async () => {
    // Imported above before init, as in the shell: the bundle arrives with initialisation.
    expect(i18next.isInitialized).toBeFalsy();
    await i18next.init({ lng: 'tw', resources: {}, initAsync: false });
    for (const lang of COMPLETE_LANGS) {
      expect(i18next.getResourceBundle(lang, SDK_UI_NAMESPACE)).toEqual(SDK_UI_TEXTS[lang as 'tw' | 'jp' | 'en']);
    }
  });

  it.each(COMPLETE_LANGS.map((lang) => [lang]))('says the page is not available yet in %s', async (lang) => {
    // A separate instance that never saw the import-time registration.
    const instance = i18next.createInstance();
    await instance.init({ lng: lang, fallbackLng: 'en', resources: {}, initAsync: false });
    const container = await renderIn(instance);

    const note = container.querySelector('[data-testid="page-pending"]');
    const texts = SDK_UI_TEXTS[lang as 'tw' | 'jp' | 'en'];
    expect(note?.querySelector('h2')?.textContent).toBe(texts.pendingTitle);
    expect(note?.querySelector('p')?.textContent).toBe(texts.pendingBody);
  });

  it('has distinct, complete texts in tw, jp and en', () => {
    for (const key of Object.keys(SDK_UI_TEXTS.en)) {
      expect(SDK_UI_TEXTS.tw[key]).toBeTruthy();
      expect(SDK_UI_TEXTS.jp[key]).toBeTruthy();
      expect(SDK_UI_TEXTS.tw[key]).not.toBe(SDK_UI_TEXTS.en[key]);
      expect(SDK_UI_TEXTS.jp[key]).not.toBe(SDK_UI_TEXTS.en[key]);
    }
  });
});
