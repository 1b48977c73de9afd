import '../ui/test-utils/jsdom-platform';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { Lang } from './languages';
import { languageChanged, makeStore } from '../state';
import { useTexts } from '../ui/use-texts';
import { addTextLoaders, addTexts, loadTexts, subscribeTexts, textOf, textsOf, textsVersion } from './texts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const GREETINGS = {
  tw: { hello: '你好 {{name}}', only_tw: '只有中文' },
  jp: { hello: 'こんにちは {{ name }}' },
  en: { hello: 'Hello {{name}}', bye: 'Bye', count: '{{n}} of {{total}}' },
};

describe('textOf', () => {
  beforeAll(() => addTexts('greetings', GREETINGS));

  it('reads the language, then English, then shows the key', () => {
    expect(textOf('greetings', 'jp', 'hello', { name: '太郎' })).toBe('こんにちは 太郎');
    expect(textOf('greetings', 'jp', 'bye')).toBe('Bye');
    expect(textOf('greetings', 'hi', 'bye')).toBe('Bye');
    expect(textOf('greetings', 'en', 'only_tw')).toBe('only_tw');
    expect(textOf('greetings', 'en', 'missing.key')).toBe('missing.key');
    expect(textOf('nobody', 'tw', 'hello')).toBe('hello');
  });

  it('fills every {{value}}; a value not given reads as nothing', () => {
    expect(textOf('greetings', 'en', 'count', { n: 3, total: 10 })).toBe('3 of 10');
    expect(textOf('greetings', 'en', 'count', { n: 0 })).toBe('0 of ');
    expect(textOf('greetings', 'tw', 'hello')).toBe('你好 ');
  });

  it('tells listeners when texts are added, once per new table', () => {
    const heard: number[] = [];
    const stop = subscribeTexts(() => heard.push(textsVersion()));
    const table = { tw: {}, jp: {}, en: { a: 'A' } };
    addTexts('listened', table);
    addTexts('listened', table);
    stop();
    addTexts('listened', { tw: {}, jp: {}, en: { a: 'B' } });
    expect(heard).toHaveLength(1);
    expect(textOf('listened', 'en', 'a')).toBe('B');
  });
});

describe('loadTexts', () => {
  function loadersCounting(calls: string[], failFirst?: 'jp') {
    let failed = false;
    const table = (lang: string, texts: Record<string, string>) => () => {
      calls.push(lang);
      if (lang === failFirst && !failed) {
        failed = true;
        return Promise.reject(new Error('chunk failed'));
      }
      return Promise.resolve(texts);
    };
    return { tw: table('tw', { hi: '嗨' }), jp: table('jp', { hi: 'やあ' }), en: table('en', { hi: 'Hi', only_en: 'English only' }) };
  }

  it("fetches nothing until asked, then only the language's table (and English for hi and id)", async () => {
    const calls: string[] = [];
    addTextLoaders('lazy', loadersCounting(calls));
    expect(calls).toEqual([]);
    expect(textOf('lazy', 'jp', 'hi')).toBe('hi');
    await loadTexts('jp');
    expect(calls).toEqual(['jp']);
    expect(textOf('lazy', 'jp', 'hi')).toBe('やあ');
    await loadTexts('jp');
    expect(calls).toEqual(['jp']);
    await loadTexts('hi');
    expect(calls).toEqual(['jp', 'en']);
    expect(textOf('lazy', 'hi', 'only_en')).toBe('English only');
    expect(Object.keys(textsOf('lazy') ?? {}).sort()).toEqual(['en', 'jp']);
  });

  it('loads only the namespaces named, when named', async () => {
    const calls: string[] = [];
    addTextLoaders('named-a', loadersCounting(calls));
    addTextLoaders('named-b', loadersCounting(calls));
    await loadTexts('tw', ['named-b']);
    expect(calls).toEqual(['tw']);
    expect(textOf('named-b', 'tw', 'hi')).toBe('嗨');
    expect(textOf('named-a', 'tw', 'hi')).toBe('hi');
  });

  it('rejects when a table cannot be fetched, and fetches it again on the next call', async () => {
    const calls: string[] = [];
    addTextLoaders('flaky', loadersCounting(calls, 'jp'));
    await expect(loadTexts('jp', ['flaky'])).rejects.toThrow('chunk failed');
    expect(textOf('flaky', 'jp', 'hi')).toBe('hi');
    await loadTexts('jp', ['flaky']);
    expect(calls).toEqual(['jp', 'jp']);
    expect(textOf('flaky', 'jp', 'hi')).toBe('やあ');
  });
});

describe('useTexts', () => {
  /** Renders a component that writes down `key` of `namespace` at every render, in a store in `lang`. */
  async function renderProbe(namespace: string, key: string, lang: Lang) {
    const store = makeStore();
    store.dispatch(languageChanged(lang));
    const seen: string[] = [];
    function Probe() {
      const { t, lang: shown } = useTexts<string>(namespace);
      seen.push(`${shown}:${t(key)}`);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <Provider store={store}>
          <Probe />
        </Provider>,
      ),
    );
    return { store, seen, unmount: () => act(async () => root.unmount()) };
  }

  it("renders in the store's language and again when texts arrive or the language changes", async () => {
    const { store, seen, unmount } = await renderProbe('late-remote', 'late', 'en');
    await act(async () => addTexts('late-remote', { tw: { late: '到了' }, jp: { late: '来た' }, en: { late: 'Arrived' } }));
    await act(async () => {
      store.dispatch(languageChanged('jp'));
    });
    expect(seen).toEqual(['en:late', 'en:Arrived', 'jp:来た']);
    await unmount();
  });

  it("fetches its namespace's table for the language shown when nobody has yet", async () => {
    addTextLoaders('unloaded', { jp: () => Promise.resolve({ word: '言葉' }), en: () => Promise.resolve({ word: 'Word' }) });
    const { seen, unmount } = await renderProbe('unloaded', 'word', 'jp');
    expect(seen.at(-1)).toBe('jp:言葉');
    expect(Object.keys(textsOf('unloaded') ?? {})).toEqual(['jp']);
    await unmount();
  });
});
