import './test-utils/jsdom-platform';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { addTranslations } from '../i18n/instance';
import { languageChanged, makeStore } from '../state';
import { useTexts } from './use-texts';

function OldRemotePage() {
  const { t, lang } = useTexts<'hello'>('released-remote');
  return <p data-testid="old">{`${t('hello', { name: 'Ada' })} (${lang})`}</p>;
}

test('a remote release built before i18next still reads its namespace, in the store language', () => {
  // As the shell registers an older release's texts: every language's table as resource bundles.
  addTranslations('released-remote', { tw: { hello: '{{name}} 你好' }, jp: { hello: '{{name}}さん、こんにちは' }, en: { hello: 'Hello {{name}}' } });
  const store = makeStore();
  store.dispatch(languageChanged('jp'));
  render(
    <Provider store={store}>
      <OldRemotePage />
    </Provider>,
  );
  expect(screen.getByTestId('old').textContent).toBe('Adaさん、こんにちは (jp)');
});
