// Page tests of a remote drive its screens against a fake server: each call is answered by
// the handler of its action with the form the screen sent, and every call is recorded. One
// kit for every remote (each wraps it with its own namespace and texts).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { MSG } from '../../messages';
import { makeStore } from '../../state/store';
import { sessionSlice } from '../../state/session-slice';
import { addTranslations } from '../../i18n/instance';
import type { Lang, Translations } from '../../i18n/languages';
import { installRecordingHost } from '../../test-utils/protocol';

export interface Envelope {
  status: 0 | 1;
  msg: string;
  data: unknown;
}

export type Handler = (form: Record<string, string>) => Envelope;

export interface RecordedCall {
  action: string;
  form: Record<string, string>;
}

export const ok = (data: unknown): Envelope => ({ status: 1, msg: '', data });
/** A refusal; `data`: the figures the server names with it ({ rule, required, … }). */
export const refused = (msg: string, data: unknown = null): Envelope => ({ status: 0, msg, data });
export const yen = (amount: string) => ({ currency: 'JPY' as const, minor: amount, amount });

/**
 * Replaces fetch: `/api/vue/<group>/<action>` → handlers[action] (unknown actions answer a refusal).
 * A handler answers a sub-path (`trust/list` of `strategy/trust/list`) when it is named so, else
 * its first segment answers every call under it (`conditional` for `trade/conditional/place`).
 */
export function installFakeServer(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = ((url: string, init: RequestInit & { body?: URLSearchParams }) => {
    const path = /\/vue\/\w+\/([\w/]+)/.exec(url)?.[1] ?? '';
    const action = handlers[path] ? path : (path.split('/')[0] ?? '');
    const form = Object.fromEntries(new URLSearchParams(init.body ?? '').entries());
    calls.push({ action, form });
    const handler = handlers[action];
    const answer = handler ? handler(form) : refused(MSG.systemBusy);
    return Promise.resolve({ status: 200, text: () => Promise.resolve(JSON.stringify(answer)) });
  }) as unknown as typeof fetch;
  return calls;
}

/** Renders `ui` logged in, in `lang`, with the remote's texts (every language) under its namespace. */
export function renderRemotePage(
  ui: ReactElement,
  remote: { ns: string; texts: Translations },
  { lang = 'en', path = '/' }: { lang?: Lang; path?: string } = {},
) {
  installRecordingHost(lang);
  const store = makeStore();
  store.dispatch(sessionSlice.actions.languageChanged(lang));
  store.dispatch(sessionSlice.actions.loggedIn({ token: 'tok', account: '0901234567' }));
  addTranslations(remote.ns, remote.texts);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return store;
}
