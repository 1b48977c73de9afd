import './test-utils/jsdom-platform';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { COMPLETE_LANGS, type Lang } from '../i18n/languages';
import { i18n } from '../i18n/instance';
import { languageChanged, makeStore } from '../state';
import { PagePending, SDK_UI_NAMESPACE, SDK_UI_TEXTS } from './page-pending';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function renderIn(lang: Lang): Promise<HTMLElement> {
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <Provider store={store}>
        <PagePending />
      </Provider>,
    );
  });
  return container;
}

describe('PagePending', () => {
  it("registers its texts in the page's i18next when imported, every language", () => {
    for (const lang of COMPLETE_LANGS) expect(i18n.getResourceBundle(lang, SDK_UI_NAMESPACE)).toEqual(SDK_UI_TEXTS[lang as 'tw' | 'jp' | 'en']);
  });

  it.each(COMPLETE_LANGS.map((lang) => [lang]))('says the page is not available yet in %s', async (lang) => {
    const container = await renderIn(lang);

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
