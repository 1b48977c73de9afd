// The operator console: Refine over the ops API (data, auth, access control, i18n providers),
// antd's desktop components, hash routes under /ops/.
import { useCallback, useMemo, useState } from 'react';
import { Authenticated, Refine, useLogout, type I18nProvider } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import { HashRouter, Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { createOpsClient, type FetchLike } from './api/ops-client';
import { browserCeremonies } from './api/webauthn';
import { ConsoleContext, type ConsoleContextValue } from './console-context';
import { createConsoleI18n, refusalText, storedLang, switchLang, type ConsoleLang } from './i18n/console-i18n';
import { useIdleLock } from './idle-lock';
import { LangContext } from './lang-context';
import { ConsoleLayout } from './layout';
import { LoginPage } from './login';
import { AdjustmentsPage } from './pages/adjustments';
import { AuditPage } from './pages/audit';
import { BlockPage } from './pages/block';
import { CreditLoansPage } from './pages/credit-loans';
import { DepositsPage } from './pages/deposits';
import { DividendsPage } from './pages/dividends';
import { InvitesPage } from './pages/invites';
import { TrustsPage } from './pages/trusts';
import { IpoPage } from './pages/ipo';
import { KycPage } from './pages/kyc';
import { NewsPage } from './pages/news';
import { OperatorsPage } from './pages/operators';
import { PasskeysPage } from './pages/passkeys';
import { RewardsPage } from './pages/rewards';
import { SupportInboxPage } from './pages/support';
import { UserDetailPage, UsersPage } from './pages/users';
import { WithdrawalsPage } from './pages/withdrawals';
import { createAccessControl } from './providers/access-control';
import { createAuthProvider } from './providers/auth-provider';
import { createOpsDataProvider } from './providers/data-provider';
import { createPasskeySignIn } from './providers/passkey-sign-in';
import { createSessionStore } from './providers/session-store';

const browserFetch: FetchLike = (url, init) => window.fetch(url, init);

/** Refine resources: one per screen, named as the route table's resources. */
const RESOURCES = [
  { name: 'deposits', list: '/deposits' },
  { name: 'withdrawals', list: '/withdrawals' },
  { name: 'creditLoans', list: '/credit-loans' },
  { name: 'adjustments', list: '/adjustments' },
  { name: 'kyc', list: '/kyc' },
  { name: 'users', list: '/users', show: '/users/:id' },
  { name: 'invites', list: '/invites' },
  { name: 'ipo', list: '/ipo' },
  { name: 'dividends', list: '/dividends' },
  { name: 'campaignCoupons', list: '/rewards' },
  { name: 'trusts', list: '/trusts' },
  { name: 'blockOffers', list: '/block' },
  { name: 'news', list: '/news' },
  { name: 'operators', list: '/operators' },
  { name: 'audit', list: '/audit' },
  { name: 'support', list: '/support', show: '/support/:id' },
  { name: 'passkeys', list: '/passkeys' },
];

function IdleLock() {
  const { mutate: logout } = useLogout<{ why: 'locked' }>();
  const lock = useCallback(() => logout({ why: 'locked' }), [logout]);
  useIdleLock(true, lock);
  return null;
}

export function ConsoleApp() {
  const [lang, setLangState] = useState<ConsoleLang>(storedLang);
  // One i18next instance for the console's life; switchLang changes its language.
  const [i18n] = useState(() => createConsoleI18n(lang));
  const setLang = useCallback(
    async (next: ConsoleLang) => {
      await switchLang(i18n, next);
      setLangState(next);
    },
    [i18n],
  );

  const providers = useMemo(() => {
    const store = createSessionStore(window.sessionStorage);
    // Refusals are translated when shown, in the language of that moment.
    const translateRefusal = (msg: string, httpStatus: number) => refusalText(msg, httpStatus, i18n.language === 'jp' ? 'jp' : 'en');
    const clientWith = (bearer: () => string | null) => createOpsClient({ fetch: browserFetch, token: bearer });
    const client = clientWith(() => store.get()?.token ?? null);
    const signIn = createPasskeySignIn({ clientWith, ceremonies: browserCeremonies });
    const consoleValue: ConsoleContextValue = {
      client,
      token: () => store.get()?.token ?? null,
      refusalText: translateRefusal,
      signIn,
      ceremonies: browserCeremonies,
    };
    return {
      consoleValue,
      dataProvider: createOpsDataProvider(client, translateRefusal),
      authProvider: createAuthProvider({
        store,
        clientWith,
        signIn,
        texts: () => ({ refused: i18n.t('common.refused'), refusal: translateRefusal, cancelled: i18n.t('login.cancelled') }),
      }),
      accessControlProvider: createAccessControl(
        () => store.get()?.role ?? null,
        (needed, held) => i18n.t('access.needsRole', { role: i18n.t(`roles.${needed}`), held: i18n.t(`roles.${held}`) }),
      ),
    };
  }, [i18n]);

  // A new provider object per language, so Refine's consumers render the new texts.
  const i18nProvider: I18nProvider = useMemo(
    () => ({
      translate: (key: string, options?: Record<string, unknown>) => i18n.t(key, { ...options, lng: lang }),
      changeLocale: (next: string) => setLang(next === 'jp' ? 'jp' : 'en'),
      getLocale: () => lang,
    }),
    [i18n, setLang, lang],
  );

  return (
    <LangContext.Provider value={{ lang, setLang }}>
      <ConsoleContext.Provider value={providers.consoleValue}>
        <ConfigProvider locale={lang === 'jp' ? jaJP : enUS} button={{ autoInsertSpace: false }}>
          <AntdApp>
            <HashRouter>
              <Refine
                dataProvider={providers.dataProvider}
                authProvider={providers.authProvider}
                accessControlProvider={providers.accessControlProvider}
                i18nProvider={i18nProvider}
                routerProvider={routerProvider}
                notificationProvider={useNotificationProvider}
                resources={RESOURCES}
                options={{
                  disableTelemetry: true,
                  syncWithLocation: false,
                  warnWhenUnsavedChanges: false,
                  reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
                }}
              >
                <Routes>
                  <Route
                    element={
                      <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                        <IdleLock />
                        <ConsoleLayout>
                          <Outlet />
                        </ConsoleLayout>
                      </Authenticated>
                    }
                  >
                    <Route index element={<Navigate to="/deposits" replace />} />
                    <Route path="/deposits" element={<DepositsPage />} />
                    <Route path="/withdrawals" element={<WithdrawalsPage />} />
                    <Route path="/credit-loans" element={<CreditLoansPage />} />
                    <Route path="/adjustments" element={<AdjustmentsPage />} />
                    <Route path="/kyc" element={<KycPage />} />
                    <Route path="/users" element={<UsersPage />} />
                    <Route path="/users/:account" element={<UserDetailPage />} />
                    <Route path="/invites" element={<InvitesPage />} />
                    <Route path="/trusts" element={<TrustsPage />} />
                    <Route path="/ipo" element={<IpoPage />} />
                    <Route path="/dividends" element={<DividendsPage />} />
                    <Route path="/rewards" element={<RewardsPage />} />
                    <Route path="/block" element={<BlockPage />} />
                    <Route path="/news" element={<NewsPage />} />
                    <Route path="/operators" element={<OperatorsPage />} />
                    <Route path="/audit" element={<AuditPage />} />
                    <Route path="/support" element={<SupportInboxPage />} />
                    <Route path="/support/:id" element={<SupportInboxPage />} />
                    <Route path="/passkeys" element={<PasskeysPage />} />
                    <Route path="*" element={<Navigate to="/deposits" replace />} />
                  </Route>
                  <Route path="/login" element={<LoginPage />} />
                </Routes>
              </Refine>
            </HashRouter>
          </AntdApp>
        </ConfigProvider>
      </ConsoleContext.Provider>
    </LangContext.Provider>
  );
}
