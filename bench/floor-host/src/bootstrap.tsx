// The smallest host built with the product's stack and the same mf-build configuration as the
// shell: React and ReactDOM, react-router-dom with one hash route, a Redux Toolkit store through
// react-redux, i18next + react-i18next with one text, and the federation runtime (index.ts).
// `npm run bench` measures every Kabuto route against this page in the same run.
import { configureStore, createSlice } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { Provider, useSelector } from 'react-redux';
import { RouterProvider, createHashRouter } from 'react-router-dom';

const session = createSlice({ name: 'session', initialState: { lang: 'en' }, reducers: {} });
const store = configureStore({ reducer: { session: session.reducer } });
type FloorState = ReturnType<typeof store.getState>;

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { floor: { ready: 'Floor ready' } } },
  ns: ['floor'],
  defaultNS: 'floor',
  initAsync: false,
  interpolation: { escapeValue: false },
});

function FloorPage() {
  const { t } = useTranslation('floor');
  const lang = useSelector((state: FloorState) => state.session.lang);
  return (
    <main id="floor-ready" lang={lang}>
      <h1>{t('ready')}</h1>
    </main>
  );
}

const router = createHashRouter([{ path: '/', element: <FloorPage /> }]);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
