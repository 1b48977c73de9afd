// Tests drive mf-ipo's screens against a fake server: each call is answered by
// the handler of its action with the form the screen sent, and every call is recorded.
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MSG, makeStore, sessionSlice, type Lang } from '@kabuto/shared-sdk';
import { namespaceResources } from '@kabuto/shared-sdk/ui';
import { MemoryRouter } from '@kabuto/shared-sdk/ui/test-utils/memory-router';
import { installRecordingHost } from '@kabuto/shared-sdk/test-utils/protocol';
import { IPO_NS } from '../common/texts';
import { IPO_TEXTS } from '../translations';

export interface Envelope {
  status: 0 | 1;
  msg: string;
  data: unknown;
}

export type Handler = (form: Record<string, string>) => Envelope;

export interface IpoCall {
  action: string;
  form: Record<string, string>;
}

export const ok = (data: unknown): Envelope => ({ status: 1, msg: '', data });
export const refused = (msg: string): Envelope => ({ status: 0, msg, data: null });
export const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });

/** Replaces fetch: `/api/vue/<group>/<action>` → handlers[action] (unknown actions answer a refusal). */
export function installIpoServer(handlers: Record<string, Handler>): IpoCall[] {
  const calls: IpoCall[] = [];
  globalThis.fetch = ((url: string, init: RequestInit & { body?: URLSearchParams }) => {
    const action = /\/vue\/\w+\/(\w+)/.exec(url)?.[1] ?? '';
    const form = Object.fromEntries(new URLSearchParams(init.body ?? '').entries());
    calls.push({ action, form });
    const handler = handlers[action];
    const answer = handler ? handler(form) : refused(MSG.systemBusy);
    return Promise.resolve({ status: 200, text: () => Promise.resolve(JSON.stringify(answer)) });
  }) as unknown as typeof fetch;
  return calls;
}

export function renderIpo(ui: ReactElement, { lang = 'en', path = '/' }: { lang?: Lang; path?: string } = {}) {
  installRecordingHost(lang);
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  store.dispatch(sessionSlice.actions.loggedIn({ token: 'tok', account: '0901234567' }));
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang,
    resources: namespaceResources(IPO_NS, IPO_TEXTS),
    keySeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}
