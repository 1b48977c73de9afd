import { findBank, searchBanks, searchBranches } from './zengin';
import { displayRomaji, romajiKey } from './romaji';

const codes = (list: { code: string }[]) => list.map((item) => item.code);

function branchNamed(bankCode: string, q: string) {
  const bank = findBank(bankCode);
  if (!bank) throw new Error(`no bank ${bankCode}`);
  return searchBranches(bank, q, 100);
}

describe('romaji folding', () => {
  it("meets Hepburn as typed, Kunrei and the data's kana-by-kana spelling", () => {
    expect(romajiKey('shinjuku')).toBe(romajiKey('shinjiyuku'));
    expect(romajiKey('Shinjuku')).toBe(romajiKey('sinzyuku'));
    expect(romajiKey('tokyo')).toBe(romajiKey('toukiyou'));
    expect(romajiKey('chuo')).toBe(romajiKey('chiyuuou'));
    expect(romajiKey('Osaka')).toBe(romajiKey('oosaka'));
    expect(romajiKey('Shimbashi')).toBe(romajiKey('shinbashi'));
  });

  it("shows the data's romaji as Hepburn", () => {
    expect(displayRomaji('shinjiyuku')).toBe('Shinjuku');
    expect(displayRomaji('toukiyoueigiyoubu')).toBe('Tokyoeigyobu');
    expect(displayRomaji('chiyuuou')).toBe('Chuo');
  });
});

describe('bank search', () => {
  it('starts the list with the megabanks, then Japan Post Bank, not shinkin banks', () => {
    const first = searchBanks('', 50);
    expect(codes(first).slice(0, 6)).toEqual(['0001', '0005', '0009', '0010', '0017', '9900']);
    const firstShinkin = first.findIndex((bank) => bank.code >= '1000' && bank.code !== '9900');
    expect(firstShinkin === -1 || first.slice(0, firstShinkin).every((bank) => bank.code < '1000' || bank.code === '9900')).toBe(true);
    expect(first.every((bank) => !bank.name.includes('信金'))).toBe(true);
  });

  it.each([
    ['SMBC', '0009'],
    ['smbc', '0009'],
    ['MUFG', '0005'],
    ['Mizuho', '0001'],
    ['Resona', '0010'],
    ['JP Bank', '9900'],
    ['Yucho', '9900'],
    ['yuucho', '9900'],
    ['SBI', '0397'],
    ['Rakuten', '0036'],
    ['PayPay', '0033'],
    ['Sony', '0035'],
    ['ＳＭＢＣ', '0009'],
    ['三井住友', '0009'],
    ['ミズホ', '0001'],
  ])('finds %s', (q, code) => {
    expect(codes(searchBanks(q, 50))).toContain(code);
  });

  it('a megabank found by its short form comes first, with its English name', () => {
    expect(searchBanks('SMBC', 50)[0]).toEqual({ code: '0009', name: '三井住友', kana: 'ミツイスミトモ', roma: 'Sumitomo Mitsui Banking Corporation' });
    expect(
      searchBanks('resona', 50)
        .map((bank) => bank.code)
        .slice(0, 2),
    ).toEqual(['0010', '0017']);
  });

  it('a bank outside the table shows its romaji as Hepburn', () => {
    expect(searchBanks('横浜', 50).find((bank) => bank.code === '0138')?.roma).toBe('Yokohama');
  });
});

describe('branch search', () => {
  it.each([
    ['shinjuku', '新宿'],
    ['Shinjuku', '新宿'],
    ['tokyo', '東京営業部'],
    ['chuo', '横浜中央'],
  ])('finds %s at SMBC', (q, name) => {
    expect(branchNamed('0009', q).map((branch) => branch.name)).toContain(name);
  });

  it('names a branch in Hepburn', () => {
    expect(branchNamed('0009', '新宿').find((branch) => branch.name === '新宿')?.roma).toBe('Shinjuku');
  });
});
