import { FUNDS_TEXTS } from './translations';

test('tw and jp carry every English key, translated', () => {
  const keys = Object.keys(FUNDS_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(FUNDS_TEXTS[lang]).sort()).toEqual(keys);
    const untranslated = keys.filter((key) => FUNDS_TEXTS[lang][key] === FUNDS_TEXTS.en[key]);
    expect([lang, untranslated]).toEqual([lang, []]);
  }
});
