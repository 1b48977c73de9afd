import { SHELL_TEXTS } from './shell-texts';

test('tw, jp and en carry every shell text, none empty', () => {
  const keys = Object.keys(SHELL_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(SHELL_TEXTS[lang]).sort()).toEqual(keys);
  }
  for (const lang of ['tw', 'jp', 'en'] as const) {
    for (const [key, text] of Object.entries(SHELL_TEXTS[lang])) {
      expect([key, text.trim().length > 0]).toEqual([key, true]);
    }
  }
});

test('hi and id only translate keys that exist in English', () => {
  const keys = new Set(Object.keys(SHELL_TEXTS.en));
  for (const texts of [SHELL_TEXTS.hi, SHELL_TEXTS.id]) {
    for (const key of Object.keys(texts ?? {})) expect(keys.has(key)).toBe(true);
  }
});
