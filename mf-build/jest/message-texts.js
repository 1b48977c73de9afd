// In the app the shell fetches the message catalogue's jp and en texts (chunks of their own)
// before it shows that language; every test file starts with them in, as the app's screens do.
const { beforeAll } = require('@jest/globals');
const { loadMessageTexts } = require('@kabuto/shared-sdk/messages');

beforeAll(() => Promise.all([loadMessageTexts('jp'), loadMessageTexts('en')]));
