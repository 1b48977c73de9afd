import { TRADE_TEXTS } from './translations';

test('tw and jp carry every English key, translated', () => {
  const keys = Object.keys(TRADE_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(TRADE_TEXTS[lang]).sort()).toEqual(keys);
    const untranslated = keys.filter((key) => TRADE_TEXTS[lang][key] === TRADE_TEXTS.en[key]);
    expect([lang, untranslated]).toEqual([lang, []]);
  }
});
