// Texts in tests. In the app the shell fetches the message catalogue's jp and en texts (chunks
// of their own) before it shows that language; every test file starts with them in, as the
// app's screens do. The page's i18next instance (the SDK's) is also react-i18next's, as the
// shell's I18nextProvider makes it, so a component rendered alone reads the same texts.
const { beforeAll } = require('@jest/globals');
const { loadMessageTexts } = require('@kabuto/shared-sdk/messages');

if (typeof window !== 'undefined') {
  const { setI18n } = require('react-i18next');
  const { i18n } = require('@kabuto/shared-sdk/i18n/instance');
  setI18n(i18n);
}

beforeAll(() => Promise.all([loadMessageTexts('jp'), loadMessageTexts('en')]));
