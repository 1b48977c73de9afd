import '../ui/test-utils/jsdom-platform';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { languageChanged, makeStore } from '../state';
import { useTexts } from '../ui/use-texts';
import { addTexts, subscribeTexts, textOf, textsVersion } from './texts';

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

describe('useTexts', () => {
  it("renders in the store's language and again when texts arrive or the language changes", async () => {
    const store = makeStore();
    store.dispatch(languageChanged('en'));
    const seen: string[] = [];
    function Probe() {
      const { t, lang } = useTexts<'late'>('late-remote');
      seen.push(`${lang}:${t('late')}`);
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
    await act(async () => addTexts('late-remote', { tw: { late: '到了' }, jp: { late: '来た' }, en: { late: 'Arrived' } }));
    await act(async () => {
      store.dispatch(languageChanged('jp'));
    });
    expect(seen).toEqual(['en:late', 'en:Arrived', 'jp:来た']);
    await act(async () => root.unmount());
  });
});
