import { STORAGE_KEYS } from '../constants';
import { isUnauthorizedRedirectPending, handleUnauthorized } from '../protocol/unauthorized';
import { resetHost } from '../protocol/host';
import { installRecordingHost } from '../test-utils/protocol';
import {
  languageChanged,
  loggedIn,
  loggedOut,
  priceColoursChanged,
  selectIsLoggedIn,
  selectIsVip,
  selectLang,
  selectPriceColours,
  sessionExpired,
  sessionSlice,
  userInfoLoaded,
} from './session-slice';
import { makeStore, rootReducer } from './store';
import { initialUiState, setBottomMenuVisible, setCurrentGood, setHeader, setTargetPath, uiSlice } from './ui-slice';
import { ROUTES } from '../routes/route-table';

beforeEach(() => localStorage.clear());
afterEach(() => resetHost());

describe('sessionSlice reducers', () => {
  const empty = { token: null, account: null, userInfo: null, lang: 'tw' as const, priceColours: null };

  it('logs in, loads user info, and logs out clearing the user info', () => {
    let state = sessionSlice.reducer(empty, loggedIn({ token: 't', account: 'a' }));
    state = sessionSlice.reducer(state, userInfoLoaded({ level: 1 }));
    expect(state).toEqual({ token: 't', account: 'a', userInfo: { level: 1 }, lang: 'tw', priceColours: null });
    expect(sessionSlice.reducer(state, loggedOut())).toEqual(empty);
  });

  it('a session end removes token and account but keeps the cached user info', () => {
    const state = { token: 't', account: 'a', userInfo: { level: 1 }, lang: 'en' as const, priceColours: null };
    expect(sessionSlice.reducer(state, sessionExpired())).toEqual({ ...state, token: null, account: null });
  });

  it('changes the language', () => {
    expect(sessionSlice.reducer(empty, languageChanged('jp')).lang).toBe('jp');
  });
});

describe('price colours', () => {
  const colours = (store: ReturnType<typeof makeStore>) => selectPriceColours(store.getState());

  it('follow the language until the customer chooses: red up in jp and tw, green up in en, hi and id', () => {
    const store = makeStore();
    const expected = { tw: 'redUp', jp: 'redUp', en: 'greenUp', hi: 'greenUp', id: 'greenUp' } as const;
    for (const lang of ['tw', 'jp', 'en', 'hi', 'id'] as const) {
      store.dispatch(languageChanged(lang));
      expect(colours(store)).toBe(expected[lang]);
      expect(document.documentElement.dataset.priceColours).toBe(expected[lang]);
    }
    expect(localStorage.getItem(STORAGE_KEYS.priceColours)).toBeNull();
  });

  it('a choice is kept whatever the language, and read back by the next store', () => {
    const store = makeStore();
    store.dispatch(languageChanged('en'));
    store.dispatch(priceColoursChanged('redUp'));
    expect(document.documentElement.dataset.priceColours).toBe('redUp');
    store.dispatch(languageChanged('id'));
    expect(colours(store)).toBe('redUp');
    expect(localStorage.getItem(STORAGE_KEYS.priceColours)).toBe('redUp');

    document.documentElement.removeAttribute('data-price-colours');
    const next = makeStore();
    expect(colours(next)).toBe('redUp');
    expect(document.documentElement.dataset.priceColours).toBe('redUp');
  });

  it('a stored value that is not a convention counts as no choice', () => {
    localStorage.setItem(STORAGE_KEYS.priceColours, 'purpleUp');
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    expect(colours(makeStore())).toBe('greenUp');
  });
});

describe('uiSlice reducers', () => {
  it('sets each field, and setHeader changes only what it is given', () => {
    let state = uiSlice.reducer(initialUiState, setHeader({ title: 'Market' }));
    expect(state).toMatchObject({ headerTitle: 'Market', headerVisible: true });
    state = uiSlice.reducer(state, setHeader({ visible: false }));
    expect(state).toMatchObject({ headerTitle: 'Market', headerVisible: false });
    state = uiSlice.reducer(state, setBottomMenuVisible(false));
    state = uiSlice.reducer(state, setTargetPath(ROUTES.home));
    state = uiSlice.reducer(state, setCurrentGood({ cartId: 1, goodId: '7203', orderKey: 'k' }));
    expect(state).toEqual({
      bottomMenuVisible: false,
      headerVisible: false,
      headerTitle: 'Market',
      targetPath: ROUTES.home,
      currentGood: { cartId: 1, goodId: '7203', orderKey: 'k' },
    });
  });
});

describe('makeStore', () => {
  it('starts from the stored session and language', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    localStorage.setItem(STORAGE_KEYS.userInfo, '{"level":2}');
    localStorage.setItem(STORAGE_KEYS.lang, 'jp');
    const state = makeStore().getState();
    expect(state.session).toEqual({ token: 'tok', account: '9012345678', userInfo: { level: 2 }, lang: 'jp', priceColours: null });
    expect(selectIsLoggedIn(state)).toBe(true);
    expect(selectIsVip(state)).toBe(true);
    expect(selectLang(state)).toBe('jp');
    expect(state.ui).toEqual(initialUiState);
    expect(state.api).toBeDefined();
  });

  it('accepts a preloaded state', () => {
    const store = makeStore({ ui: { ...initialUiState, headerTitle: 'Preloaded' } });
    expect(store.getState().ui.headerTitle).toBe('Preloaded');
  });

  it('persists session actions to localStorage through the listener', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ token: 'tok', account: '9012345678' }));
    store.dispatch(userInfoLoaded({ level: 0, realName: '山田' }));
    store.dispatch(languageChanged('en'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBe('9012345678');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? 'null')).toEqual({ level: 0, realName: '山田' });
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en');

    store.dispatch(sessionExpired());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).not.toBeNull();

    store.dispatch(loggedIn({ token: 'tok2', account: '9012345678' }));
    store.dispatch(loggedOut());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en');
  });

  it('a new login allows the next session-end redirect', () => {
    installRecordingHost();
    handleUnauthorized(1);
    expect(isUnauthorizedRedirectPending()).toBe(true);
    makeStore().dispatch(loggedIn({ token: 't', account: 'a' }));
    expect(isUnauthorizedRedirectPending()).toBe(false);
  });

  it('lets remotes inject slices lazily', () => {
    const store = makeStore();
    rootReducer.inject({ reducerPath: 'extraTest', reducer: (state: number = 41) => state });
    store.dispatch({ type: 'remote/loaded' });
    expect((store.getState() as Record<string, unknown>).extraTest).toBe(41);
  });
});
