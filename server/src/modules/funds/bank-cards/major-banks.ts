// The banks most customers hold an account with, in the order the bank list starts with, and
// the names they know them by in English. zengin-code carries only Japanese names and kana
// romaji ("mitsubishiyu-efujiei"), so "SMBC" or "JP Bank" would find nothing. English names
// and short forms are each bank's own, from its English website (mizuhobank.co.jp/english,
// bk.mufg.jp/global, smbc.co.jp/global, resonabank.co.jp, jp-bank.japanpost.jp/en, …).

export interface MajorBank {
  code: string;
  /** The bank's English name, shown beside the Japanese one to readers of English. */
  en: string;
  /** Other names people type (short forms, former names); the English name is searched too. */
  aliases: readonly string[];
}

/**
 * Megabanks first (the three city-bank groups and Resona), then Japan Post Bank (the most
 * accounts of any), then the net and retail banks customers link to brokerages: what a new
 * customer looks for, before 1,100 shinkin banks, credit unions and farm co-operatives.
 */
export const MAJOR_BANKS: readonly MajorBank[] = [
  { code: '0001', en: 'Mizuho Bank', aliases: [] },
  { code: '0005', en: 'MUFG Bank', aliases: ['Mitsubishi UFJ', 'Bank of Tokyo-Mitsubishi UFJ'] },
  { code: '0009', en: 'Sumitomo Mitsui Banking Corporation', aliases: ['SMBC'] },
  { code: '0010', en: 'Resona Bank', aliases: [] },
  { code: '0017', en: 'Saitama Resona Bank', aliases: [] },
  { code: '9900', en: 'Japan Post Bank', aliases: ['JP Bank', 'Yucho'] },
  { code: '0036', en: 'Rakuten Bank', aliases: [] },
  { code: '0038', en: 'docomo SMTB Net Bank', aliases: ['SBI Sumishin', 'SBI'] },
  { code: '0397', en: 'SBI Shinsei Bank', aliases: ['Shinsei'] },
  { code: '0033', en: 'PayPay Bank', aliases: [] },
  { code: '0035', en: 'Sony Bank', aliases: [] },
  { code: '0039', en: 'au Jibun Bank', aliases: [] },
  { code: '0040', en: 'AEON Bank', aliases: [] },
  { code: '0034', en: 'Seven Bank', aliases: [] },
  { code: '0310', en: 'GMO Aozora Net Bank', aliases: ['GMO'] },
  { code: '0294', en: 'Sumitomo Mitsui Trust Bank', aliases: ['SMTB'] },
];
