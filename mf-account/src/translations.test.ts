import { ACCOUNT_TEXTS } from './translations';

test('tw and jp carry every English key, translated', () => {
  const keys = Object.keys(ACCOUNT_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(ACCOUNT_TEXTS[lang]).sort()).toEqual(keys);
    const untranslated = keys.filter((key) => !/^VIP /.test(ACCOUNT_TEXTS.en[key]!) && ACCOUNT_TEXTS[lang][key] === ACCOUNT_TEXTS.en[key]);
    expect([lang, untranslated]).toEqual([lang, []]);
  }
});
