import { IPO_TEXTS } from './translations';

test('tw and jp carry every English key, translated', () => {
  const keys = Object.keys(IPO_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(IPO_TEXTS[lang]).sort()).toEqual(keys);
    const untranslated = keys.filter((key) => IPO_TEXTS[lang][key] === IPO_TEXTS.en[key]);
    expect([lang, untranslated]).toEqual([lang, []]);
  }
});
