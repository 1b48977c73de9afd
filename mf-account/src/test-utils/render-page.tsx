// Renders an account page the way the shell hosts it: one store, the account
// namespace among the page's texts, a router, and a host port whose toasts the test can read.
// Server answers come from a mocked protocol `request` (see mockServer).
import '@kabuto/shared-sdk/ui/test-utils/jsdom-platform';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addTranslations, configureHost, languageChanged, makeStore, type Envelope, type Lang } from '@kabuto/shared-sdk';
import { ACCOUNT_TEXTS } from '../translations';

export interface RenderedPage {
  /** Every text the page toasted, in order. */
  toasts: string[];
}

export function renderPage(page: ReactElement, lang: Lang = 'en'): RenderedPage {
  addTranslations('account', ACCOUNT_TEXTS);
  const toasts: string[] = [];
  configureHost({ navigate: () => undefined, toast: (text) => toasts.push(text), getLang: () => lang });
  const store = makeStore();
  store.dispatch(languageChanged(lang));
  render(
    <Provider store={store}>
      <MemoryRouter>{page}</MemoryRouter>
    </Provider>,
  );
  return { toasts };
}

/** A server answer of status 1. */
export function success<T>(data: T, msg = ''): Envelope<T> {
  return { status: 1, msg, data };
}

/** A server refusal with a catalogue key. */
export function refusal(msg: string): Envelope<never> {
  return { status: 0, msg, data: null, failure: 'rejected' };
}

export { userInfo } from '@kabuto/shared-sdk/test-utils/identity';
