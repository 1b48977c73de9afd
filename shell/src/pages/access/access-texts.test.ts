import { ACCESS_TEXTS } from './access-texts';

test('tw, jp and en carry every access text, each its own', () => {
  const keys = Object.keys(ACCESS_TEXTS.en).sort();
  for (const lang of ['tw', 'jp'] as const) {
    expect(Object.keys(ACCESS_TEXTS[lang]).sort()).toEqual(keys);
    for (const key of keys) {
      expect([lang, key, ACCESS_TEXTS[lang][key]?.trim() !== '' && ACCESS_TEXTS[lang][key] !== ACCESS_TEXTS.en[key]]).toEqual([lang, key, true]);
    }
  }
});

test('interpolations survive translation', () => {
  for (const key of ['code.body', 'forgot.resendIn']) {
    const wanted = ACCESS_TEXTS.en[key]!.match(/{{\w+}}/g);
    expect(ACCESS_TEXTS.tw[key]!.match(/{{\w+}}/g)).toEqual(wanted);
    expect(ACCESS_TEXTS.jp[key]!.match(/{{\w+}}/g)).toEqual(wanted);
  }
});
