// A minimal host so a feature team can run its remote alone (`npm run dev -w <remote>`):
// the SDK store, the remote's texts, a hash router over the remote's routes
// and a plain frame showing the page title. The real frame (header, bottom menu,
// session, remote loading) is the shell's; this only exists for fast local work.
import { StrictMode, Suspense, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { i18n, loadLanguage, registerNamespaceTexts } from '../i18n/instance';
import { HashRouter, Link, useLocation } from 'react-router-dom';
import { LANG_NAMES, SWITCHER_LANGS, isLang, type Lang } from '../i18n/languages';
import type { RemoteRoutesModule } from '../remote/contract';
import { makeStore } from '../state';
import { applyLanguage, useChangeLanguage } from './language';

const frameStyle: CSSProperties = { minHeight: '100vh', background: '#0b1512', color: '#fff', fontFamily: 'sans-serif' };
const headerStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '10px 16px',
  borderBottom: '1px solid rgba(255,255,255,0.15)',
};
const linkStyle: CSSProperties = { color: '#3ecf8e' };

function PageIndex({ remote }: { remote: RemoteRoutesModule }) {
  const { t } = useTranslation(remote.namespace);
  return (
    <ul style={{ lineHeight: 2 }}>
      {remote.routes.map((page) => (
        <li key={page.path}>
          <Link style={linkStyle} to={page.path}>
            {t(page.titleKey)}
          </Link>{' '}
          <code style={{ opacity: 0.6 }}>{page.path}</code>
        </li>
      ))}
    </ul>
  );
}

function StandaloneFrame({ remote }: { remote: RemoteRoutesModule }) {
  const { t, i18n: texts } = useTranslation(remote.namespace);
  const lang = texts.language;
  const changeLanguage = useChangeLanguage();
  const { pathname } = useLocation();
  const page = remote.routes.find((route) => route.path === pathname);
  const changeLang = (value: string) => {
    if (isLang(value)) void changeLanguage(value);
  };
  return (
    <div style={frameStyle}>
      <header style={headerStyle}>
        {page ? (
          <Link style={linkStyle} to="/" aria-label="index">
            ‹
          </Link>
        ) : null}
        <h1 style={{ flex: 1, margin: 0, fontSize: 17 }}>{page ? t(page.titleKey) : `${remote.name} (standalone)`}</h1>
        <select value={lang} onChange={(event) => changeLang(event.target.value)}>
          {SWITCHER_LANGS.map((lang: Lang) => (
            <option key={lang} value={lang}>
              {LANG_NAMES[lang]}
            </option>
          ))}
        </select>
      </header>
      <main>
        <Suspense fallback={null}>{page ? <page.Component /> : <PageIndex remote={remote} />}</Suspense>
      </main>
    </div>
  );
}

/** Renders `remote` alone in the page, on a fresh store, with its translations. */
export async function renderStandalone(remote: RemoteRoutesModule): Promise<void> {
  // The store starts in the stored language; that language's texts are in before the first render.
  const store = makeStore();
  const lang = store.getState().session.lang;
  registerNamespaceTexts(remote.namespace, remote.translations);
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
  // This page exists only for the team's dev server, so it may own the body's margin.
  document.body.style.margin = '0';
  const container = document.createElement('div');
  document.body.appendChild(container);
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Provider store={store}>
          <HashRouter>
            <StandaloneFrame remote={remote} />
          </HashRouter>
        </Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}
