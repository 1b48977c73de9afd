import '../ui/test-utils/jsdom-platform';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { installRecordingHost } from '../test-utils/protocol';
import { languageChanged, makeStore } from '../state';
import { useChangeLanguage } from '../ui/language';
import { addTranslations, i18n, loadLanguage, registerNamespaceTexts, registerTextLoaders, type TextTable } from './instance';
import type { Lang } from './languages';

/** A loader per language that records what was asked and answers when the test says so. */
function deferredLoaders(tables: Partial<Record<Lang, TextTable>>) {
  const asked: Lang[] = [];
  const answers = new Map<Lang, () => void>();
  const loaders = Object.fromEntries(
    Object.entries(tables).map(([lang, table]) => [
      lang,
      () =>
        new Promise<TextTable>((resolve) => {
          asked.push(lang as Lang);
          answers.set(lang as Lang, () => resolve(table));
        }),
    ]),
  );
  return { loaders, asked, answer: (lang: Lang) => answers.get(lang)?.() };
}

function Greeting({ ns }: { ns: string }) {
  const { t, i18n: texts } = useTranslation(ns);
  const changeLanguage = useChangeLanguage();
  return (
    <>
      <p data-testid="greeting">{t('hello')}</p>
      <p data-testid="lang">{texts.language}</p>
      <button type="button" onClick={() => void changeLanguage('jp')}>
        jp
      </button>
    </>
  );
}

async function renderIn(lang: Lang, ns: string) {
  installRecordingHost(lang);
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  await loadLanguage(lang);
  render(
    <Provider store={store}>
      <Greeting ns={ns} />
    </Provider>,
  );
  return store;
}

describe("the page's i18next instance", () => {
  it('fetches only the language shown, through the backend, and English as well for hi and id', async () => {
    const asked: string[] = [];
    const table = (lang: Lang) => () => {
      asked.push(lang);
      return Promise.resolve({ hello: `hello in ${lang}` });
    };
    registerTextLoaders('only-shown', { tw: table('tw'), jp: table('jp'), en: table('en'), hi: table('hi') });
    await loadLanguage('jp', ['only-shown']);
    expect(asked).toEqual(['jp']);
    await loadLanguage('hi', ['only-shown']);
    expect(asked).toEqual(['jp', 'hi', 'en']);
    // Already in: not fetched again.
    await loadLanguage('jp', ['only-shown']);
    expect(asked).toEqual(['jp', 'hi', 'en']);
  });

  it('changes the language only once its texts are in: no text shows in another language first', async () => {
    const probe = deferredLoaders({ tw: { hello: '你好' }, jp: { hello: 'こんにちは' }, en: { hello: 'Hello' } });
    registerTextLoaders('change-probe', probe.loaders);
    const pending = renderIn('tw', 'change-probe');
    probe.answer('tw');
    const store = await pending;
    expect(screen.getByTestId('greeting').textContent).toBe('你好');

    fireEvent.click(screen.getByRole('button', { name: 'jp' }));
    await act(async () => undefined);
    expect(probe.asked).toEqual(['tw', 'jp']);
    // Asked for, not in yet: everything stays in Traditional Chinese.
    expect(screen.getByTestId('greeting').textContent).toBe('你好');
    expect(screen.getByTestId('lang').textContent).toBe('tw');
    expect(store.getState().session.lang).toBe('tw');

    act(() => probe.answer('jp'));
    expect((await screen.findByText('こんにちは')).dataset.testid).toBe('greeting');
    expect(screen.getByTestId('lang').textContent).toBe('jp');
    expect(store.getState().session.lang).toBe('jp');
    expect(i18n.language).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('keeps the language and says why when the texts cannot be fetched', async () => {
    addTranslations('offline-probe', { tw: { hello: '你好' } });
    registerTextLoaders('offline-probe', { tw: () => Promise.resolve({ hello: '你好' }), jp: () => Promise.reject(new Error('offline')) });
    const host = installRecordingHost('tw');
    const store = makeStore();
    store.dispatch(languageChanged('tw'));
    render(
      <Provider store={store}>
        <Greeting ns="offline-probe" />
      </Provider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'jp' })));
    expect(store.getState().session.lang).toBe('tw');
    expect(i18n.language).toBe('tw');
    expect(screen.getByTestId('greeting').textContent).toBe('你好');
    expect(host.toasts.map((toast) => toast.text)).toEqual(['頁面載入失敗']);
  });

  it('asks again for a table that failed', async () => {
    let fail = true;
    registerTextLoaders('flaky', { en: () => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ hello: 'Hello' })) });
    await expect(loadLanguage('en', ['flaky'])).rejects.toThrow('chunk failed');
    fail = false;
    await loadLanguage('en', ['flaky']);
    expect(i18n.getFixedT('en', 'flaky')('hello')).toBe('Hello');
  });

  it('shows English where hi or id has no text of its own', async () => {
    registerNamespaceTexts('partial', {
      tw: () => Promise.resolve({ hello: '你好', bye: '再見' }),
      jp: () => Promise.resolve({ hello: 'こんにちは', bye: 'さようなら' }),
      en: () => Promise.resolve({ hello: 'Hello', bye: 'Goodbye' }),
      hi: () => Promise.resolve({ hello: 'नमस्ते' }),
    });
    await loadLanguage('hi', ['partial']);
    await loadLanguage('id', ['partial']);
    expect(i18n.getFixedT('hi', 'partial')('hello')).toBe('नमस्ते');
    expect(i18n.getFixedT('hi', 'partial')('bye')).toBe('Goodbye');
    // id has no table at all in this namespace: every text is English.
    expect(i18n.getFixedT('id', 'partial')('hello')).toBe('Hello');
  });

  it("registers the tables of a remote built before per-language loaders as i18next's resource bundles", async () => {
    registerNamespaceTexts('old-remote', { tw: { title: '舊' }, jp: { title: '旧' }, en: { title: 'Old' } });
    expect(i18n.getResourceBundle('jp', 'old-remote')).toEqual({ title: '旧' });
    // Nothing to fetch for its languages, and hi reads English.
    await loadLanguage('hi', ['old-remote']);
    expect(i18n.getFixedT('hi', 'old-remote')('title')).toBe('Old');
  });

  it('fills {{name}} without escaping (React escapes) and picks plural keys by count', () => {
    addTranslations('values', {
      en: { signedIn: 'Signed in as <{{name}}>', lots_one: '{{count}} lot', lots_other: '{{count}} lots', dotted: 'flat.key' },
      jp: { lots: '{{count}}単元' },
    });
    const en = i18n.getFixedT('en', 'values');
    expect(en('signedIn', { name: 'A & B' })).toBe('Signed in as <A & B>');
    expect(en('lots', { count: 1 })).toBe('1 lot');
    expect(en('lots', { count: 3 })).toBe('3 lots');
    expect(i18n.getFixedT('jp', 'values')('lots', { count: 1 })).toBe('1単元');
    expect(en('dotted')).toBe('flat.key');
  });
});
