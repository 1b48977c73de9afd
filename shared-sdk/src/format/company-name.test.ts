/** @jest-environment node */
import { COMPANY_NAME_CORRECTIONS, correctCompanyName } from './company-name';

describe('correctCompanyName', () => {
  it('applies the examples of spec §5', () => {
    expect(correctCompanyName('臺鹽')).toBe('台鹽');
    expect(correctCompanyName('大衕')).toBe('大同');
    expect(correctCompanyName('黑鬆')).toBe('黑松');
  });

  it('corrects the converter variants to every listed name', () => {
    expect(correctCompanyName('建材营造')).toBe('建材營造');
    expect(correctCompanyName('誌信')).toBe('志信');
    expect(correctCompanyName('寒捨')).toBe('寒舍');
    expect(correctCompanyName('观光事业')).toBe('觀光事業');
    expect(correctCompanyName('金融保险')).toBe('金融保險');
    expect(correctCompanyName('衕方友友-DR')).toBe('同方友友-DR');
    expect(correctCompanyName('衕開')).toBe('同開');
    expect(correctCompanyName('雲辰')).toBe('云辰');
    expect(correctCompanyName('緻茂')).toBe('致茂');
    expect(correctCompanyName('誌聖')).toBe('志聖');
    expect(correctCompanyName('威緻')).toBe('威致');
  });

  it('leaves every corrected name unchanged', () => {
    const targets = ['台鹽', '大同', '黑松', '建材營造', '志信', '寒舍', '觀光事業', '金融保險', '同方友友-DR', '同開', '云辰', '致茂', '志聖', '威致'];
    expect(new Set(Object.values(COMPANY_NAME_CORRECTIONS))).toEqual(new Set(targets));
    for (const name of targets) expect(correctCompanyName(name)).toBe(name);
  });

  it('replaces 臺 with 台 in names not in the table', () => {
    expect(correctCompanyName('臺積電')).toBe('台積電');
    expect(correctCompanyName('臺灣臺塑')).toBe('台灣台塑');
    expect(correctCompanyName('トヨタ自動車')).toBe('トヨタ自動車');
  });

  it('matches whole names only', () => {
    expect(correctCompanyName('大衕電機')).toBe('大衕電機');
  });

  it('keeps empty names as they are', () => {
    expect(correctCompanyName('')).toBe('');
    expect(correctCompanyName(null)).toBeNull();
    expect(correctCompanyName(undefined)).toBeUndefined();
  });
});
