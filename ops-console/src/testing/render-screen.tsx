// A console screen under test: Refine with the real data provider, access control and texts, over
// a fetch that a test answers per call (method and path), every request kept. Refusals are
// translated with the customer catalogue in the screen's language, as the console does.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Refine, type I18nProvider } from '@refinedev/core';
import { ConfigProvider } from 'antd';
import { loadMessageTexts } from '@kabuto/shared-sdk/messages';
import { createOpsClient, type FetchLike, type HttpResponse } from '../api/ops-client';
import type { OpsRole } from '../api/route-table';
import { ConsoleContext } from '../console-context';
import { createConsoleI18n, refusalText, type ConsoleLang } from '../i18n/console-i18n';
import { createAccessControl } from '../providers/access-control';
import { LangContext } from '../lang-context';
import { createOpsDataProvider } from '../providers/data-provider';
import { answer } from './fake-fetch';

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

/** The answer to one call, or undefined to answer 404 (a test that forgot a route fails visibly). */
export type Responder = (call: SentCall) => HttpResponse | undefined;

export const okAnswer = (data: unknown, msg = '') => answer(200, { status: 1, msg, data });
export const refusedAnswer = (msg: string, httpStatus = 400) => answer(httpStatus, { status: 0, msg, data: null });

// jsdom has no matchMedia; antd's grid asks it for the screen width (the console is desktop-only).
export function stubMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }),
  });
}

/**
 * What a screen test file needs before its first render: time for Refine and antd, which render
 * slowly under jsdom on a busy machine; matchMedia; the customer catalogue's en and jp texts.
 */
export function prepareScreenTests(): void {
  jest.setTimeout(40_000);
  stubMatchMedia();
  beforeAll(async () => {
    await loadMessageTexts('en');
    await loadMessageTexts('jp');
  });
}

export function renderScreen(screen: ReactNode, opts: { role: OpsRole; lang?: ConsoleLang; respond: Responder }) {
  const lang = opts.lang ?? 'en';
  const sent: SentCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call = { method: init.method, url, body: init.body === undefined ? undefined : JSON.parse(init.body) };
    sent.push(call);
    return opts.respond(call) ?? refusedAnswer(`no test answer for ${init.method} ${url}`, 404);
  };
  const client = createOpsClient({ fetch, token: () => 'session' });
  const i18n = createConsoleI18n(lang);
  const i18nProvider: I18nProvider = {
    translate: (key, options) => i18n.t(key, options as Record<string, unknown>),
    changeLocale: async () => undefined,
    getLocale: () => lang,
  };
  const translateRefusal = (msg: string, httpStatus: number) => refusalText(msg, httpStatus, lang);
  render(
    <LangContext.Provider value={{ lang, setLang: async () => undefined }}>
      <ConsoleContext.Provider
        value={{
          client,
          token: () => 'session',
          refusalText: translateRefusal,
          signIn: { begin: jest.fn(), finish: jest.fn() },
          ceremonies: { assert: jest.fn(), register: jest.fn() },
        }}
      >
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <Refine
            dataProvider={createOpsDataProvider(client, translateRefusal)}
            accessControlProvider={createAccessControl(
              () => opts.role,
              (needed, held) => `needs ${needed} (you are ${held})`,
            )}
            i18nProvider={i18nProvider}
            options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            {screen}
          </Refine>
        </ConfigProvider>
      </ConsoleContext.Provider>
    </LangContext.Provider>,
  );
  return { sent };
}
