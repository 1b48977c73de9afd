import { STORAGE_KEYS } from '../constants';
import { clearLogin, clearUserInfo, isLoggedIn, isVip, readStoredLang, readStoredSession, storeLang, storeLogin, storeUserInfo } from './storage';
import { ROUTES } from '../routes/route-table';

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
});

describe('stored session', () => {
  it('reads nothing from empty storage', () => {
    expect(readStoredSession()).toEqual({ token: null, account: null, userInfo: null });
    expect(isLoggedIn()).toBe(false);
  });

  it('is logged in only while both token and account are stored', () => {
    storeLogin('tok', '9012345678');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBe('9012345678');
    expect(isLoggedIn()).toBe(true);
    localStorage.removeItem(STORAGE_KEYS.account);
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.account, '9012345678');
    localStorage.removeItem(STORAGE_KEYS.token);
    expect(isLoggedIn()).toBe(false);
  });

  it('clearLogin removes token and account only; clearUserInfo removes the cached user info', () => {
    storeLogin('tok', '9012345678');
    storeUserInfo({ level: 2, account: '9012345678' });
    clearLogin();
    expect(readStoredSession()).toEqual({ token: null, account: null, userInfo: { level: 2, account: '9012345678' } });
    clearUserInfo();
    expect(readStoredSession().userInfo).toBeNull();
  });

  it('ignores a corrupt or non-object userInfo', () => {
    localStorage.setItem(STORAGE_KEYS.userInfo, '{oops');
    expect(readStoredSession().userInfo).toBeNull();
    localStorage.setItem(STORAGE_KEYS.userInfo, '[1]');
    expect(readStoredSession().userInfo).toBeNull();
    localStorage.setItem(STORAGE_KEYS.userInfo, '"text"');
    expect(readStoredSession().userInfo).toBeNull();
  });

  it('survives a storage that throws', () => {
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => storeLogin('tok', 'acc')).not.toThrow();
    spy.mockRestore();
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStoredSession()).toEqual({ token: null, account: null, userInfo: null });
    expect(readStoredLang('', [])).toBe('tw');
  });
});

describe('isVip', () => {
  it('reads only the level', () => {
    expect(isVip({ level: 1 })).toBe(true);
    expect(isVip({ level: 3, vipLevel: 0 })).toBe(true);
    expect(isVip({ level: 0 })).toBe(false);
    expect(isVip({ vipLevel: 5 })).toBe(false);
    expect(isVip({ level: '2' as unknown as number })).toBe(true);
    expect(isVip(null)).toBe(false);
    expect(isVip(undefined)).toBe(false);
  });
});

describe('language', () => {
  it('defaults to tw, then reads the stored language', () => {
    expect(readStoredLang('', [])).toBe('tw');
    storeLang('jp');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('jp');
    expect(readStoredLang('')).toBe('jp');
  });

  it('ignores an unknown stored language', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'fr');
    expect(readStoredLang('', ['fr-FR'])).toBe('tw');
  });

  it("on a first visit, takes the first offered language of the browser's list; the stored choice then wins", () => {
    expect(readStoredLang('', ['fr-FR', 'ja-JP', 'en-US'])).toBe('jp');
    expect(readStoredLang('', ['en-GB', 'ja'])).toBe('en');
    expect(readStoredLang('', ['zh-CN'])).toBe('tw');
    expect(readStoredLang('', ['zh-Hant-HK'])).toBe('tw');
    expect(readStoredLang('', ['hi-IN'])).toBe('hi');
    expect(readStoredLang('', ['in-ID'])).toBe('id');
    expect(readStoredLang('', ['de-DE', 'fr'])).toBe('tw');
    // jsdom's own list (en-US) is what the page reads when none is passed.
    expect(readStoredLang('')).toBe('en');
    storeLang('tw');
    expect(readStoredLang('', ['ja-JP'])).toBe('tw');
    expect(readStoredLang('?lang=zh', ['en-US'])).toBe('tw');
  });

  it('lets ?lang=zh force tw over the stored language', () => {
    storeLang('en');
    expect(readStoredLang('?lang=zh')).toBe('tw');
    expect(readStoredLang('?a=1&lang=zh')).toBe('tw');
    expect(readStoredLang('?lang=en')).toBe('en');
  });

  it('reads lang=zh from the hash route query of the page', () => {
    storeLang('en');
    expect(readStoredLang()).toBe('en');
    window.location.hash = `#${ROUTES.login}?lang=zh`;
    expect(readStoredLang()).toBe('tw');
  });
});
