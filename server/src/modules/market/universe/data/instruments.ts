// Kabuto instrument universe — data file.
//
// VERSION 2026.06-1 (previous: 2025.06-1, compiled from memory)
//
// MEMBERSHIP (checked against stored public lists; both agree code for code):
//   - github.com/hatkmone13579/nikkei-macd-discord, nikkei225.csv (commit e3b349d, 2026-06-13),
//     laid out in Nikkei's own 36-sector order — the sector of every row follows it.
//   - github.com/mr1kymt-debug/mainichi-ranking, nikkei225.csv (commit be8f89a), Nikkei's
//     short names.
//   These give the composition after the April 2026 periodic review. Changes since 2025.06-1,
//   with the dated reports that confirm them where one was found:
//     + 6532 BayCurrent, − 9301 Mitsubishi Logistics: April 2025 review (Bloomberg via
//       newsdig.tbs.co.jp/articles/withbloomberg/1770360) — our 2025.06-1 file missed it.
//     + 3697 SHIFT, − 7762 Citizen Watch: October 2025 review (japannext.co.jp jnxlab).
//     + 285A Kioxia, + 7532 Pan Pacific International: April 2026 review, announced
//       2026-03-05 (news.livedoor.com/article/detail/30708455).
//     + 543A ARCHION: successor of Hino Motors (7205, delisted 2026-03-30; ARCHION listed
//       2026-04-01, car.watch.impress.co.jp/docs/news/2089824.html). 7205 was a member all
//       along and was missing from 2025.06-1.
//     + 4506 Sumitomo Pharma: a member throughout (kabukabu.work contribution pages of
//       2024-12-16 and 2025-08-26); missing from 2025.06-1.
//     + 7453 Ryohin Keikaku: a member by 2025-08-26 (kabukabu.work).
//     − 4631 DIC, 6201 Toyota Industries, 6594 Nidec, 6674 GS Yuasa, 6952 Casio Computer:
//       absent from both lists; no dated announcement of these removals was found, so the
//       exact dates are unknown (GS Yuasa and Casio were named removal candidates for the
//       April 2026 review in January 2026 broker notes, s.kabutan.jp/news/n202601200616).
//   6146 Disco moves to Precision Instruments (Nikkei's classification in the source).
//   Nikkei reviews the index in April and October; re-check after each review.
//
// NAMES: Japanese names as listed by JPX (TOPIX weight file, 2026-04-30), half-width Latin;
// renamed: 7186 横浜フィナンシャルグループ, 8750 第一ライフグループ, 9432 NTT, 5706 三井金属,
// 5333 NGK. Traditional Chinese names are the usual Taiwan/Hong Kong renderings and pass
// through the spec §5 correction table at load time.
//
// TOPIX500 (decides the tick table, mission-anchors §2.2): checked against JPX's TOPIX weight
// file dated 2026-04-30 (github.com/benayuta/japan-stock-pattern-scanner, topixweight_j.csv,
// commit 1013cce): a member is TOPIX Core30, Large70 or Mid400. Per that file 4061, 4902,
// 5301, 6472, 8304 are members and 7004 and 543A are not.
//
// HONEST NOTE ON FIGURES: reference prices and P/E ratios are approximate, rounded levels
// used only to seed the simulated market; they are not quotes and no live data enters this
// application. Most are recalled levels around 2025-06-30 (REFERENCE_DATE), spot-checked
// against kabukabu.work daily pages of Aug–Sep 2025 (none grossly off, except 9843 Nitori,
// now at its post 5-for-1-split level, ~2,800, per kabukabu.work of 2025-11-19 / 2026-03-09).
// Rows added in this version: 4506 (~1,500) and 7453 (~6,800, before its later split) from
// kabukabu.work 2025-08-26; 3697 (~750) from kabukabu.work 2026-03-09; 285A, 6532, 7532
// and 543A are rounded recalled levels with no source (543A: Hino's level, placeholder).
// Splits after the reference date (e.g. 9984, 9602, 8267, 7453 in 2025–26) are not entered
// below: their exact dates were not found in a source. Industry P/Es are rough.
//
// Corporate actions: splits marked `recalled` are real events as recalled (dates may be off
// by a day or two); rows marked `simulated` are invented to exercise price adjustment.

/**
 * Stocks NOT designated 貸借銘柄 (loan-eligible: may be sold short on 制度信用, research
 * mission-anchors §3.1 [M4][M5]). APPROXIMATION, not checked against JPX's published
 * 貸借銘柄 list (not among the stored sources): nearly every Nikkei 225 constituent and the
 * large ETFs are 貸借銘柄, so every instrument is treated as loan-eligible except these.
 * 543A ARCHION listed on 2026-04-01: new listings start as 信用銘柄 (long only) and are
 * designated 貸借 later, so it is treated as not yet loan-eligible.
 */
export const NOT_LOAN_ELIGIBLE: readonly string[] = ['543A'];

export const UNIVERSE_VERSION = '2026.06-1';
export const REFERENCE_DATE = '2025-06-30';
export const UNIVERSE_SOURCE =
  'Nikkei 225 membership after the April 2026 review (public constituent lists, checked June 2026), TOPIX500 flags from JPX TOPIX weights of 2026-04-30; approximate reference prices around 2025-06-30, simulation seed only.';

/** Nikkei sector key → names and an approximate industry P/E (mid-2025 levels, seed only). */
export const SECTORS = {
  pharmaceuticals: { jp: '医薬品', en: 'Pharmaceuticals', tw: '醫藥品', pe: 22 },
  'electric-machinery': { jp: '電気機器', en: 'Electric Machinery', tw: '電氣機器', pe: 22 },
  automobiles: { jp: '自動車', en: 'Automobiles', tw: '汽車', pe: 10 },
  'precision-instruments': { jp: '精密機器', en: 'Precision Instruments', tw: '精密機器', pe: 25 },
  communications: { jp: '通信', en: 'Communications', tw: '通信', pe: 16 },
  banking: { jp: '銀行', en: 'Banking', tw: '銀行', pe: 11 },
  securities: { jp: '証券', en: 'Securities', tw: '證券', pe: 11 },
  insurance: { jp: '保険', en: 'Insurance', tw: '保險', pe: 12 },
  'other-financial': { jp: 'その他金融', en: 'Other Financial Services', tw: '其他金融', pe: 12 },
  fishery: { jp: '水産', en: 'Fishery', tw: '水產', pe: 12 },
  foods: { jp: '食品', en: 'Foods', tw: '食品', pe: 20 },
  retail: { jp: '小売業', en: 'Retail', tw: '零售業', pe: 26 },
  services: { jp: 'サービス', en: 'Services', tw: '服務業', pe: 28 },
  mining: { jp: '鉱業', en: 'Mining', tw: '礦業', pe: 7 },
  textiles: { jp: '繊維', en: 'Textiles', tw: '紡織', pe: 18 },
  'pulp-paper': { jp: 'パルプ・紙', en: 'Pulp & Paper', tw: '紙漿與造紙', pe: 14 },
  chemicals: { jp: '化学', en: 'Chemicals', tw: '化學', pe: 17 },
  petroleum: { jp: '石油', en: 'Petroleum', tw: '石油', pe: 9 },
  rubber: { jp: 'ゴム', en: 'Rubber', tw: '橡膠', pe: 11 },
  'glass-ceramics': { jp: '窯業', en: 'Glass & Ceramics', tw: '窯業', pe: 14 },
  steel: { jp: '鉄鋼', en: 'Steel', tw: '鋼鐵', pe: 8 },
  'nonferrous-metals': { jp: '非鉄・金属', en: 'Nonferrous Metals', tw: '非鐵金屬', pe: 14 },
  'trading-companies': { jp: '商社', en: 'Trading Companies', tw: '商社', pe: 11 },
  machinery: { jp: '機械', en: 'Machinery', tw: '機械', pe: 20 },
  shipbuilding: { jp: '造船', en: 'Shipbuilding', tw: '造船', pe: 18 },
  'other-manufacturing': { jp: 'その他製造', en: 'Other Manufacturing', tw: '其他製造', pe: 20 },
  'real-estate': { jp: '不動産', en: 'Real Estate', tw: '不動產', pe: 14 },
  railways: { jp: '鉄道・バス', en: 'Railways & Buses', tw: '鐵路與巴士', pe: 15 },
  'land-transport': { jp: '陸運', en: 'Land Transport', tw: '陸運', pe: 18 },
  'marine-transport': { jp: '海運', en: 'Marine Transport', tw: '海運', pe: 6 },
  'air-transport': { jp: '空運', en: 'Air Transport', tw: '空運', pe: 12 },
  warehousing: { jp: '倉庫', en: 'Warehousing', tw: '倉儲', pe: 15 },
  'electric-power': { jp: '電力', en: 'Electric Power', tw: '電力', pe: 7 },
  gas: { jp: 'ガス', en: 'Gas', tw: '瓦斯', pe: 12 },
  construction: { jp: '建設', en: 'Construction', tw: '營建', pe: 15 },
  etf: { jp: 'ETF', en: 'ETF', tw: 'ETF', pe: null },
} as const;

export type SectorKey = keyof typeof SECTORS;

/**
 * Nikkei 225 constituents, one row each:
 * [code, Japanese name, reading (katakana), English name, Traditional Chinese name,
 *  sector, TOPIX500 member, reference price (yen), P/E (null = loss-making)]
 */
export type StockRow = readonly [string, string, string, string, string, SectorKey, boolean, number, number | null];

export const NIKKEI_225: readonly StockRow[] = [
  // 医薬品
  ['4151', '協和キリン', 'キョウワキリン', 'Kyowa Kirin', '協和麒麟', 'pharmaceuticals', true, 2500, 25],
  ['4502', '武田薬品工業', 'タケダヤクヒンコウギョウ', 'Takeda Pharmaceutical', '武田藥品工業', 'pharmaceuticals', true, 4400, 40],
  ['4503', 'アステラス製薬', 'アステラスセイヤク', 'Astellas Pharma', '安斯泰來製藥', 'pharmaceuticals', true, 1450, 30],
  ['4506', '住友ファーマ', 'スミトモファーマ', 'Sumitomo Pharma', '住友製藥', 'pharmaceuticals', true, 1500, 20],
  ['4507', '塩野義製薬', 'シオノギセイヤク', 'Shionogi', '鹽野義製藥', 'pharmaceuticals', true, 2400, 14],
  ['4519', '中外製薬', 'チュウガイセイヤク', 'Chugai Pharmaceutical', '中外製藥', 'pharmaceuticals', true, 7500, 33],
  ['4523', 'エーザイ', 'エーザイ', 'Eisai', '衛采', 'pharmaceuticals', true, 4200, 30],
  ['4568', '第一三共', 'ダイイチサンキョウ', 'Daiichi Sankyo', '第一三共', 'pharmaceuticals', true, 3600, 30],
  ['4578', '大塚ホールディングス', 'オオツカホールディングス', 'Otsuka Holdings', '大塚控股', 'pharmaceuticals', true, 7000, 20],
  // 電気機器
  ['285A', 'キオクシアホールディングス', 'キオクシアホールディングス', 'Kioxia Holdings', '鎧俠控股', 'electric-machinery', true, 3000, 15],
  ['4062', 'イビデン', 'イビデン', 'Ibiden', '揖斐電', 'electric-machinery', true, 5500, 25],
  ['6479', 'ミネベアミツミ', 'ミネベアミツミ', 'MinebeaMitsumi', '美蓓亞三美', 'electric-machinery', true, 2200, 14],
  ['6501', '日立製作所', 'ヒタチセイサクショ', 'Hitachi', '日立製作所', 'electric-machinery', true, 4100, 30],
  ['6503', '三菱電機', 'ミツビシデンキ', 'Mitsubishi Electric', '三菱電機', 'electric-machinery', true, 3000, 22],
  ['6504', '富士電機', 'フジデンキ', 'Fuji Electric', '富士電機', 'electric-machinery', true, 6700, 17],
  ['6506', '安川電機', 'ヤスカワデンキ', 'Yaskawa Electric', '安川電機', 'electric-machinery', true, 3000, 25],
  ['6526', 'ソシオネクスト', 'ソシオネクスト', 'Socionext', '索喜科技', 'electric-machinery', true, 2500, 40],
  ['6645', 'オムロン', 'オムロン', 'Omron', '歐姆龍', 'electric-machinery', true, 3900, 60],
  ['6701', '日本電気', 'ニッポンデンキ', 'NEC', '日本電氣', 'electric-machinery', true, 3800, 30],
  ['6702', '富士通', 'フジツウ', 'Fujitsu', '富士通', 'electric-machinery', true, 3300, 30],
  ['6723', 'ルネサスエレクトロニクス', 'ルネサスエレクトロニクス', 'Renesas Electronics', '瑞薩電子', 'electric-machinery', true, 1800, 20],
  ['6724', 'セイコーエプソン', 'セイコーエプソン', 'Seiko Epson', '精工愛普生', 'electric-machinery', true, 1900, 15],
  ['6752', 'パナソニック ホールディングス', 'パナソニックホールディングス', 'Panasonic Holdings', '松下控股', 'electric-machinery', true, 1600, 10],
  ['6753', 'シャープ', 'シャープ', 'Sharp', '夏普', 'electric-machinery', true, 750, 15],
  ['6758', 'ソニーグループ', 'ソニーグループ', 'Sony Group', '索尼集團', 'electric-machinery', true, 3700, 20],
  ['6762', 'TDK', 'ティーディーケイ', 'TDK', 'TDK', 'electric-machinery', true, 1700, 20],
  ['6770', 'アルプスアルパイン', 'アルプスアルパイン', 'Alps Alpine', '阿爾卑斯阿爾派', 'electric-machinery', true, 1500, 15],
  ['6841', '横河電機', 'ヨコガワデンキ', 'Yokogawa Electric', '橫河電機', 'electric-machinery', true, 3500, 20],
  ['6857', 'アドバンテスト', 'アドバンテスト', 'Advantest', '愛德萬測試', 'electric-machinery', true, 9000, 35],
  ['6861', 'キーエンス', 'キーエンス', 'Keyence', '基恩斯', 'electric-machinery', true, 57000, 40],
  ['6902', 'デンソー', 'デンソー', 'Denso', '電裝', 'electric-machinery', true, 1950, 15],
  ['6920', 'レーザーテック', 'レーザーテック', 'Lasertec', '雷泰光電', 'electric-machinery', true, 15000, 25],
  ['6954', 'ファナック', 'ファナック', 'Fanuc', '發那科', 'electric-machinery', true, 3900, 25],
  ['6963', 'ローム', 'ローム', 'Rohm', '羅姆', 'electric-machinery', true, 1800, null],
  ['6971', '京セラ', 'キョウセラ', 'Kyocera', '京瓷', 'electric-machinery', true, 1700, 40],
  ['6976', '太陽誘電', 'タイヨウユウデン', 'Taiyo Yuden', '太陽誘電', 'electric-machinery', true, 2500, 40],
  ['6981', '村田製作所', 'ムラタセイサクショ', 'Murata Manufacturing', '村田製作所', 'electric-machinery', true, 2200, 20],
  ['7735', 'SCREENホールディングス', 'スクリーンホールディングス', 'SCREEN Holdings', '斯庫林控股', 'electric-machinery', true, 11000, 15],
  ['7751', 'キヤノン', 'キヤノン', 'Canon', '佳能', 'electric-machinery', true, 4200, 15],
  ['7752', 'リコー', 'リコー', 'Ricoh', '理光', 'electric-machinery', true, 1400, 20],
  ['8035', '東京エレクトロン', 'トウキョウエレクトロン', 'Tokyo Electron', '東京威力科創', 'electric-machinery', true, 22000, 22],
  // 自動車
  ['543A', 'ARCHION', 'アーチオン', 'ARCHION', 'ARCHION', 'automobiles', false, 300, null],
  ['7201', '日産自動車', 'ニッサンジドウシャ', 'Nissan Motor', '日產汽車', 'automobiles', true, 350, null],
  ['7202', 'いすゞ自動車', 'イスズジドウシャ', 'Isuzu Motors', '五十鈴汽車', 'automobiles', true, 1950, 10],
  ['7203', 'トヨタ自動車', 'トヨタジドウシャ', 'Toyota Motor', '豐田汽車', 'automobiles', true, 2600, 8],
  ['7211', '三菱自動車工業', 'ミツビシジドウシャコウギョウ', 'Mitsubishi Motors', '三菱汽車', 'automobiles', true, 420, 8],
  ['7261', 'マツダ', 'マツダ', 'Mazda Motor', '馬自達', 'automobiles', true, 900, 6],
  ['7267', '本田技研工業', 'ホンダギケンコウギョウ', 'Honda Motor', '本田技研工業', 'automobiles', true, 1500, 8],
  ['7269', 'スズキ', 'スズキ', 'Suzuki Motor', '鈴木汽車', 'automobiles', true, 1750, 10],
  ['7270', 'SUBARU', 'スバル', 'Subaru', '速霸陸', 'automobiles', true, 2600, 6],
  ['7272', 'ヤマハ発動機', 'ヤマハハツドウキ', 'Yamaha Motor', '山葉發動機', 'automobiles', true, 1100, 10],
  // 精密機器
  ['4543', 'テルモ', 'テルモ', 'Terumo', '泰爾茂', 'precision-instruments', true, 2700, 35],
  ['4902', 'コニカミノルタ', 'コニカミノルタ', 'Konica Minolta', '柯尼卡美能達', 'precision-instruments', true, 480, null],
  ['6146', 'ディスコ', 'ディスコ', 'Disco', '迪思科', 'precision-instruments', true, 40000, 35],
  ['7731', 'ニコン', 'ニコン', 'Nikon', '尼康', 'precision-instruments', true, 1500, 30],
  ['7733', 'オリンパス', 'オリンパス', 'Olympus', '奧林巴斯', 'precision-instruments', true, 1800, 20],
  ['7741', 'HOYA', 'ホーヤ', 'HOYA', '豪雅', 'precision-instruments', true, 17000, 35],
  // 通信
  ['9432', 'NTT', 'エヌティーティー', 'NTT', '日本電信電話', 'communications', true, 150, 12],
  ['9433', 'KDDI', 'ケイディーディーアイ', 'KDDI', 'KDDI', 'communications', true, 2500, 15],
  ['9434', 'ソフトバンク', 'ソフトバンク', 'SoftBank Corp', '軟銀', 'communications', true, 220, 20],
  ['9984', 'ソフトバンクグループ', 'ソフトバンクグループ', 'SoftBank Group', '軟銀集團', 'communications', true, 10000, 15],
  // 銀行
  ['5831', 'しずおかフィナンシャルグループ', 'シズオカフィナンシャルグループ', 'Shizuoka Financial Group', '靜岡金融集團', 'banking', true, 1600, 12],
  ['7186', '横浜フィナンシャルグループ', 'ヨコハマフィナンシャルグループ', 'Yokohama Financial Group', '橫濱金融集團', 'banking', true, 1000, 12],
  ['8304', 'あおぞら銀行', 'アオゾラギンコウ', 'Aozora Bank', '青空銀行', 'banking', true, 2200, 15],
  [
    '8306',
    '三菱UFJフィナンシャル・グループ',
    'ミツビシユーエフジェイフィナンシャルグループ',
    'Mitsubishi UFJ Financial Group',
    '三菱日聯金融集團',
    'banking',
    true,
    1900,
    12,
  ],
  ['8308', 'りそなホールディングス', 'リソナホールディングス', 'Resona Holdings', '理索納控股', 'banking', true, 1250, 13],
  ['8309', '三井住友トラストグループ', 'ミツイスミトモトラストグループ', 'Sumitomo Mitsui Trust Group', '三井住友信託集團', 'banking', true, 3800, 11],
  [
    '8316',
    '三井住友フィナンシャルグループ',
    'ミツイスミトモフィナンシャルグループ',
    'Sumitomo Mitsui Financial Group',
    '三井住友金融集團',
    'banking',
    true,
    3600,
    12,
  ],
  ['8331', '千葉銀行', 'チバギンコウ', 'Chiba Bank', '千葉銀行', 'banking', true, 1300, 12],
  ['8354', 'ふくおかフィナンシャルグループ', 'フクオカフィナンシャルグループ', 'Fukuoka Financial Group', '福岡金融集團', 'banking', true, 3900, 10],
  ['8411', 'みずほフィナンシャルグループ', 'ミズホフィナンシャルグループ', 'Mizuho Financial Group', '瑞穗金融集團', 'banking', true, 3900, 12],
  // 証券
  ['8601', '大和証券グループ本社', 'ダイワショウケングループホンシャ', 'Daiwa Securities Group', '大和證券集團', 'securities', true, 1000, 10],
  ['8604', '野村ホールディングス', 'ノムラホールディングス', 'Nomura Holdings', '野村控股', 'securities', true, 900, 9],
  // 保険
  ['8630', 'SOMPOホールディングス', 'ソンポホールディングス', 'Sompo Holdings', 'SOMPO控股', 'insurance', true, 4300, 12],
  [
    '8725',
    'MS&ADインシュアランスグループホールディングス',
    'エムエスアンドエーディーインシュアランスグループホールディングス',
    'MS&AD Insurance Group Holdings',
    'MS&AD保險集團控股',
    'insurance',
    true,
    3200,
    9,
  ],
  ['8750', '第一ライフグループ', 'ダイイチライフグループ', 'Dai-ichi Life Group', '第一生命集團', 'insurance', true, 1100, 10],
  ['8766', '東京海上ホールディングス', 'トウキョウカイジョウホールディングス', 'Tokio Marine Holdings', '東京海上控股', 'insurance', true, 6000, 12],
  ['8795', 'T&Dホールディングス', 'ティーアンドディーホールディングス', 'T&D Holdings', 'T&D控股', 'insurance', true, 3200, 13],
  // その他金融
  ['8253', 'クレディセゾン', 'クレディセゾン', 'Credit Saison', '信用卡世森', 'other-financial', true, 3800, 8],
  ['8591', 'オリックス', 'オリックス', 'ORIX', '歐力士', 'other-financial', true, 3100, 10],
  ['8697', '日本取引所グループ', 'ニホントリヒキジョグループ', 'Japan Exchange Group', '日本交易所集團', 'other-financial', true, 1500, 28],
  // 水産
  ['1332', 'ニッスイ', 'ニッスイ', 'Nissui', '日本水產', 'fishery', true, 900, 12],
  // 食品
  ['2002', '日清製粉グループ本社', 'ニッシンセイフングループホンシャ', 'Nisshin Seifun Group', '日清製粉集團', 'foods', true, 1750, 20],
  ['2269', '明治ホールディングス', 'メイジホールディングス', 'Meiji Holdings', '明治控股', 'foods', true, 3200, 18],
  ['2282', '日本ハム', 'ニッポンハム', 'NH Foods', '日本火腿', 'foods', true, 5000, 15],
  ['2501', 'サッポロホールディングス', 'サッポロホールディングス', 'Sapporo Holdings', '札幌控股', 'foods', true, 7500, 40],
  ['2502', 'アサヒグループホールディングス', 'アサヒグループホールディングス', 'Asahi Group Holdings', '朝日集團控股', 'foods', true, 1900, 14],
  ['2503', 'キリンホールディングス', 'キリンホールディングス', 'Kirin Holdings', '麒麟控股', 'foods', true, 2000, 18],
  ['2801', 'キッコーマン', 'キッコーマン', 'Kikkoman', '龜甲萬', 'foods', true, 1350, 25],
  ['2802', '味の素', 'アジノモト', 'Ajinomoto', '味之素', 'foods', true, 3800, 35],
  ['2871', 'ニチレイ', 'ニチレイ', 'Nichirei', '日冷', 'foods', true, 1800, 18],
  ['2914', '日本たばこ産業', 'ニホンタバコサンギョウ', 'Japan Tobacco', '日本菸草產業', 'foods', true, 4300, 16],
  // 小売業
  ['3086', 'J.フロント リテイリング', 'ジェイフロントリテイリング', 'J.Front Retailing', 'J.前線零售', 'retail', true, 1900, 15],
  ['3092', 'ZOZO', 'ゾゾ', 'ZOZO', 'ZOZO', 'retail', true, 1500, 30],
  ['3099', '三越伊勢丹ホールディングス', 'ミツコシイセタンホールディングス', 'Isetan Mitsukoshi Holdings', '三越伊勢丹控股', 'retail', true, 2100, 15],
  ['3382', 'セブン&アイ・ホールディングス', 'セブンアンドアイホールディングス', 'Seven & i Holdings', '7&i控股', 'retail', true, 2200, 25],
  ['7453', '良品計画', 'リョウヒンケイカク', 'Ryohin Keikaku', '良品計畫', 'retail', true, 6800, 30],
  [
    '7532',
    'パン・パシフィック・インターナショナルホールディングス',
    'パンパシフィックインターナショナルホールディングス',
    'Pan Pacific International Holdings',
    '泛太平洋國際控股',
    'retail',
    true,
    5000,
    25,
  ],
  ['8233', '高島屋', 'タカシマヤ', 'Takashimaya', '高島屋', 'retail', true, 1200, 12],
  ['8252', '丸井グループ', 'マルイグループ', 'Marui Group', '丸井集團', 'retail', true, 2900, 20],
  ['8267', 'イオン', 'イオン', 'Aeon', '永旺', 'retail', true, 4400, 80],
  ['9843', 'ニトリホールディングス', 'ニトリホールディングス', 'Nitori Holdings', '宜得利控股', 'retail', true, 2800, 25],
  ['9983', 'ファーストリテイリング', 'ファーストリテイリング', 'Fast Retailing', '迅銷', 'retail', true, 48000, 40],
  // サービス
  ['2413', 'エムスリー', 'エムスリー', 'M3', 'M3', 'services', true, 2000, 40],
  ['2432', 'ディー・エヌ・エー', 'ディーエヌエー', 'DeNA', 'DeNA', 'services', true, 2800, 15],
  ['3659', 'ネクソン', 'ネクソン', 'Nexon', '樂線', 'services', true, 2900, 25],
  ['3697', 'SHIFT', 'シフト', 'SHIFT', 'SHIFT', 'services', true, 750, 40],
  ['4307', '野村総合研究所', 'ノムラソウゴウケンキュウショ', 'Nomura Research Institute', '野村綜合研究所', 'services', true, 5700, 35],
  ['4324', '電通グループ', 'デンツウグループ', 'Dentsu Group', '電通集團', 'services', true, 3200, null],
  ['4385', 'メルカリ', 'メルカリ', 'Mercari', 'Mercari', 'services', true, 2300, 25],
  ['4661', 'オリエンタルランド', 'オリエンタルランド', 'Oriental Land', '東方樂園', 'services', true, 3300, 50],
  ['4689', 'LINEヤフー', 'ラインヤフー', 'LY Corporation', 'LY集團', 'services', true, 500, 20],
  ['4704', 'トレンドマイクロ', 'トレンドマイクロ', 'Trend Micro', '趨勢科技', 'services', true, 10000, 35],
  ['4751', 'サイバーエージェント', 'サイバーエージェント', 'CyberAgent', 'CyberAgent', 'services', true, 1500, 30],
  ['4755', '楽天グループ', 'ラクテングループ', 'Rakuten Group', '樂天集團', 'services', true, 800, null],
  ['6098', 'リクルートホールディングス', 'リクルートホールディングス', 'Recruit Holdings', '瑞可利控股', 'services', true, 8500, 35],
  ['6178', '日本郵政', 'ニホンユウセイ', 'Japan Post Holdings', '日本郵政', 'services', true, 1450, 12],
  ['6532', 'ベイカレント', 'ベイカレント', 'BayCurrent', 'BayCurrent', 'services', true, 7500, 30],
  ['7974', '任天堂', 'ニンテンドウ', 'Nintendo', '任天堂', 'services', true, 12000, 50],
  ['9602', '東宝', 'トウホウ', 'Toho', '東寶', 'services', true, 8000, 30],
  ['9735', 'セコム', 'セコム', 'Secom', '西科姆', 'services', true, 5200, 25],
  ['9766', 'コナミグループ', 'コナミグループ', 'Konami Group', '科樂美集團', 'services', true, 21000, 40],
  // 鉱業
  ['1605', 'INPEX', 'インペックス', 'INPEX', '國際石油開發帝石', 'mining', true, 1900, 7],
  // 繊維
  ['3401', '帝人', 'テイジン', 'Teijin', '帝人', 'textiles', true, 1200, null],
  ['3402', '東レ', 'トウレ', 'Toray Industries', '東麗', 'textiles', true, 1000, 20],
  // パルプ・紙
  ['3861', '王子ホールディングス', 'オウジホールディングス', 'Oji Holdings', '王子控股', 'pulp-paper', true, 720, 15],
  // 化学
  ['3405', 'クラレ', 'クラレ', 'Kuraray', '可樂麗', 'chemicals', true, 1700, 15],
  ['3407', '旭化成', 'アサヒカセイ', 'Asahi Kasei', '旭化成', 'chemicals', true, 1000, 12],
  ['4004', 'レゾナック・ホールディングス', 'レゾナックホールディングス', 'Resonac Holdings', '力森諾科控股', 'chemicals', true, 3300, 15],
  ['4005', '住友化学', 'スミトモカガク', 'Sumitomo Chemical', '住友化學', 'chemicals', true, 350, 15],
  ['4021', '日産化学', 'ニッサンカガク', 'Nissan Chemical', '日產化學', 'chemicals', true, 4400, 15],
  ['4042', '東ソー', 'トウソー', 'Tosoh', '東曹', 'chemicals', true, 2000, 10],
  ['4043', 'トクヤマ', 'トクヤマ', 'Tokuyama', '德山', 'chemicals', true, 2900, 10],
  ['4061', 'デンカ', 'デンカ', 'Denka', '電化', 'chemicals', true, 2100, 20],
  ['4063', '信越化学工業', 'シンエツカガクコウギョウ', 'Shin-Etsu Chemical', '信越化學工業', 'chemicals', true, 4700, 18],
  ['4183', '三井化学', 'ミツイカガク', 'Mitsui Chemicals', '三井化學', 'chemicals', true, 3300, 15],
  ['4188', '三菱ケミカルグループ', 'ミツビシケミカルグループ', 'Mitsubishi Chemical Group', '三菱化學集團', 'chemicals', true, 750, 15],
  ['4208', 'UBE', 'ユービーイー', 'UBE', '宇部興產', 'chemicals', true, 2300, 10],
  ['4452', '花王', 'カオウ', 'Kao', '花王', 'chemicals', true, 6400, 25],
  ['4901', '富士フイルムホールディングス', 'フジフイルムホールディングス', 'Fujifilm Holdings', '富士軟片控股', 'chemicals', true, 3100, 15],
  ['4911', '資生堂', 'シセイドウ', 'Shiseido', '資生堂', 'chemicals', true, 2500, null],
  ['6988', '日東電工', 'ニットウデンコウ', 'Nitto Denko', '日東電工', 'chemicals', true, 2800, 15],
  // 石油
  ['5019', '出光興産', 'イデミツコウサン', 'Idemitsu Kosan', '出光興產', 'petroleum', true, 900, 10],
  ['5020', 'ENEOSホールディングス', 'エネオスホールディングス', 'ENEOS Holdings', 'ENEOS控股', 'petroleum', true, 720, 10],
  // ゴム
  ['5101', '横浜ゴム', 'ヨコハマゴム', 'Yokohama Rubber', '橫濱橡膠', 'rubber', true, 3400, 8],
  ['5108', 'ブリヂストン', 'ブリヂストン', 'Bridgestone', '普利司通', 'rubber', true, 5900, 12],
  // 窯業
  ['5201', 'AGC', 'エージーシー', 'AGC', 'AGC', 'glass-ceramics', true, 4400, null],
  ['5214', '日本電気硝子', 'ニッポンデンキガラス', 'Nippon Electric Glass', '日本電氣硝子', 'glass-ceramics', true, 3400, 20],
  ['5233', '太平洋セメント', 'タイヘイヨウセメント', 'Taiheiyo Cement', '太平洋水泥', 'glass-ceramics', true, 3500, 8],
  ['5301', '東海カーボン', 'トウカイカーボン', 'Tokai Carbon', '東海碳素', 'glass-ceramics', true, 1000, null],
  ['5332', 'TOTO', 'トートー', 'TOTO', 'TOTO', 'glass-ceramics', true, 3700, 20],
  ['5333', 'NGK', 'エヌジーケー', 'NGK Insulators', '日本礙子', 'glass-ceramics', true, 1800, 10],
  // 鉄鋼
  ['5401', '日本製鉄', 'ニッポンセイテツ', 'Nippon Steel', '日本製鐵', 'steel', true, 2800, 8],
  ['5406', '神戸製鋼所', 'コウベセイコウショ', 'Kobe Steel', '神戶製鋼所', 'steel', true, 1600, 6],
  ['5411', 'JFEホールディングス', 'ジェイエフイーホールディングス', 'JFE Holdings', 'JFE控股', 'steel', true, 1700, 10],
  // 非鉄・金属
  ['3436', 'SUMCO', 'サムコ', 'SUMCO', '勝高', 'nonferrous-metals', true, 1100, 30],
  ['5706', '三井金属', 'ミツイキンゾク', 'Mitsui Kinzoku', '三井金屬', 'nonferrous-metals', true, 4500, 8],
  ['5711', '三菱マテリアル', 'ミツビシマテリアル', 'Mitsubishi Materials', '三菱綜合材料', 'nonferrous-metals', true, 2400, 10],
  ['5713', '住友金属鉱山', 'スミトモキンゾクコウザン', 'Sumitomo Metal Mining', '住友金屬礦山', 'nonferrous-metals', true, 3400, 20],
  ['5714', 'DOWAホールディングス', 'ドワホールディングス', 'DOWA Holdings', '同和控股', 'nonferrous-metals', true, 4800, 10],
  ['5801', '古河電気工業', 'フルカワデンキコウギョウ', 'Furukawa Electric', '古河電氣工業', 'nonferrous-metals', true, 7000, 15],
  ['5802', '住友電気工業', 'スミトモデンキコウギョウ', 'Sumitomo Electric Industries', '住友電氣工業', 'nonferrous-metals', true, 3100, 12],
  ['5803', 'フジクラ', 'フジクラ', 'Fujikura', '藤倉', 'nonferrous-metals', true, 7500, 25],
  // 商社
  ['2768', '双日', 'ソウジツ', 'Sojitz', '雙日', 'trading-companies', true, 3400, 8],
  ['8001', '伊藤忠商事', 'イトウチュウショウジ', 'Itochu', '伊藤忠商事', 'trading-companies', true, 7500, 13],
  ['8002', '丸紅', 'マルベニ', 'Marubeni', '丸紅', 'trading-companies', true, 2900, 10],
  ['8015', '豊田通商', 'トヨタツウショウ', 'Toyota Tsusho', '豐田通商', 'trading-companies', true, 3200, 10],
  ['8031', '三井物産', 'ミツイブッサン', 'Mitsui & Co.', '三井物產', 'trading-companies', true, 2900, 10],
  ['8053', '住友商事', 'スミトモショウジ', 'Sumitomo Corporation', '住友商事', 'trading-companies', true, 3700, 9],
  ['8058', '三菱商事', 'ミツビシショウジ', 'Mitsubishi Corporation', '三菱商事', 'trading-companies', true, 2900, 12],
  // 機械
  ['5631', '日本製鋼所', 'ニホンセイコウショ', 'Japan Steel Works', '日本製鋼所', 'machinery', true, 7500, 30],
  ['6103', 'オークマ', 'オークマ', 'Okuma', '大隈', 'machinery', false, 3300, 15],
  ['6113', 'アマダ', 'アマダ', 'Amada', '天田', 'machinery', true, 1550, 15],
  ['6273', 'SMC', 'エスエムシー', 'SMC', 'SMC', 'machinery', true, 52000, 25],
  ['6301', '小松製作所', 'コマツセイサクショ', 'Komatsu', '小松製作所', 'machinery', true, 4700, 11],
  ['6302', '住友重機械工業', 'スミトモジュウキカイコウギョウ', 'Sumitomo Heavy Industries', '住友重機械工業', 'machinery', true, 3300, 15],
  ['6305', '日立建機', 'ヒタチケンキ', 'Hitachi Construction Machinery', '日立建機', 'machinery', true, 4300, 12],
  ['6326', 'クボタ', 'クボタ', 'Kubota', '久保田', 'machinery', true, 1650, 12],
  ['6361', '荏原製作所', 'エバラセイサクショ', 'Ebara', '荏原製作所', 'machinery', true, 2700, 18],
  ['6367', 'ダイキン工業', 'ダイキンコウギョウ', 'Daikin Industries', '大金工業', 'machinery', true, 17000, 25],
  ['6471', '日本精工', 'ニッポンセイコウ', 'NSK', '日本精工', 'machinery', true, 700, 20],
  ['6472', 'NTN', 'エヌティーエヌ', 'NTN', 'NTN', 'machinery', true, 250, null],
  ['6473', 'ジェイテクト', 'ジェイテクト', 'JTEKT', '捷太格特', 'machinery', true, 1150, 15],
  ['7004', 'カナデビア', 'カナデビア', 'Kanadevia', 'Kanadevia', 'machinery', false, 1000, 12],
  ['7011', '三菱重工業', 'ミツビシジュウコウギョウ', 'Mitsubishi Heavy Industries', '三菱重工業', 'machinery', true, 3500, 40],
  ['7013', 'IHI', 'アイエイチアイ', 'IHI', 'IHI', 'machinery', true, 13000, 20],
  // 造船
  ['7012', '川崎重工業', 'カワサキジュウコウギョウ', 'Kawasaki Heavy Industries', '川崎重工業', 'shipbuilding', true, 9500, 20],
  // その他製造
  [
    '7832',
    'バンダイナムコホールディングス',
    'バンダイナムコホールディングス',
    'Bandai Namco Holdings',
    '萬代南夢宮控股',
    'other-manufacturing',
    true,
    4700,
    30,
  ],
  ['7911', 'TOPPANホールディングス', 'トッパンホールディングス', 'TOPPAN Holdings', '凸版控股', 'other-manufacturing', true, 3900, 15],
  ['7912', '大日本印刷', 'ダイニッポンインサツ', 'Dai Nippon Printing', '大日本印刷', 'other-manufacturing', true, 2200, 15],
  ['7951', 'ヤマハ', 'ヤマハ', 'Yamaha', '山葉', 'other-manufacturing', true, 1100, 25],
  // 不動産
  ['3289', '東急不動産ホールディングス', 'トウキュウフドウサンホールディングス', 'Tokyu Fudosan Holdings', '東急不動產控股', 'real-estate', true, 1000, 10],
  ['8801', '三井不動産', 'ミツイフドウサン', 'Mitsui Fudosan', '三井不動產', 'real-estate', true, 1400, 16],
  ['8802', '三菱地所', 'ミツビシジショ', 'Mitsubishi Estate', '三菱地所', 'real-estate', true, 2700, 18],
  ['8804', '東京建物', 'トウキョウタテモノ', 'Tokyo Tatemono', '東京建物', 'real-estate', true, 2600, 12],
  ['8830', '住友不動産', 'スミトモフドウサン', 'Sumitomo Realty & Development', '住友不動產', 'real-estate', true, 5500, 15],
  // 鉄道・バス
  ['9001', '東武鉄道', 'トウブテツドウ', 'Tobu Railway', '東武鐵道', 'railways', true, 2500, 15],
  ['9005', '東急', 'トウキュウ', 'Tokyu', '東急', 'railways', true, 1700, 15],
  ['9007', '小田急電鉄', 'オダキュウデンテツ', 'Odakyu Electric Railway', '小田急電鐵', 'railways', true, 1600, 15],
  ['9008', '京王電鉄', 'ケイオウデンテツ', 'Keio', '京王電鐵', 'railways', true, 3700, 20],
  ['9009', '京成電鉄', 'ケイセイデンテツ', 'Keisei Electric Railway', '京成電鐵', 'railways', true, 1400, 15],
  ['9020', '東日本旅客鉄道', 'ヒガシニホンリョカクテツドウ', 'East Japan Railway', '東日本旅客鐵道', 'railways', true, 3000, 15],
  ['9021', '西日本旅客鉄道', 'ニシニホンリョカクテツドウ', 'West Japan Railway', '西日本旅客鐵道', 'railways', true, 3000, 14],
  ['9022', '東海旅客鉄道', 'トウカイリョカクテツドウ', 'Central Japan Railway', '東海旅客鐵道', 'railways', true, 3300, 10],
  // 陸運
  ['9064', 'ヤマトホールディングス', 'ヤマトホールディングス', 'Yamato Holdings', '大和控股', 'land-transport', true, 1900, 40],
  [
    '9147',
    'NIPPON EXPRESSホールディングス',
    'ニッポンエクスプレスホールディングス',
    'Nippon Express Holdings',
    '日本通運控股',
    'land-transport',
    true,
    2900,
    20,
  ],
  // 海運
  ['9101', '日本郵船', 'ニッポンユウセン', 'NYK Line', '日本郵船', 'marine-transport', true, 5200, 5],
  ['9104', '商船三井', 'ショウセンミツイ', 'Mitsui O.S.K. Lines', '商船三井', 'marine-transport', true, 5000, 4],
  ['9107', '川崎汽船', 'カワサキキセン', 'Kawasaki Kisen Kaisha', '川崎汽船', 'marine-transport', true, 2000, 4],
  // 空運
  ['9201', '日本航空', 'ニホンコウクウ', 'Japan Airlines', '日本航空', 'air-transport', true, 2900, 12],
  ['9202', 'ANAホールディングス', 'エーエヌエーホールディングス', 'ANA Holdings', '全日空控股', 'air-transport', true, 2800, 10],
  // 電力
  [
    '9501',
    '東京電力ホールディングス',
    'トウキョウデンリョクホールディングス',
    'Tokyo Electric Power Company Holdings',
    '東京電力控股',
    'electric-power',
    true,
    520,
    5,
  ],
  ['9502', '中部電力', 'チュウブデンリョク', 'Chubu Electric Power', '中部電力', 'electric-power', true, 1900, 6],
  ['9503', '関西電力', 'カンサイデンリョク', 'Kansai Electric Power', '關西電力', 'electric-power', true, 1700, 6],
  // ガス
  ['9531', '東京瓦斯', 'トウキョウガス', 'Tokyo Gas', '東京瓦斯', 'gas', true, 4800, 15],
  ['9532', '大阪瓦斯', 'オオサカガス', 'Osaka Gas', '大阪瓦斯', 'gas', true, 3700, 12],
  // 建設
  ['1721', 'コムシスホールディングス', 'コムシスホールディングス', 'COMSYS Holdings', 'COMSYS控股', 'construction', true, 3300, 18],
  ['1801', '大成建設', 'タイセイケンセツ', 'Taisei', '大成建設', 'construction', true, 8000, 20],
  ['1802', '大林組', 'オオバヤシグミ', 'Obayashi', '大林組', 'construction', true, 2200, 12],
  ['1803', '清水建設', 'シミズケンセツ', 'Shimizu', '清水建設', 'construction', true, 1500, 20],
  ['1808', '長谷工コーポレーション', 'ハセコーコーポレーション', 'Haseko', '長谷工', 'construction', true, 2000, 10],
  ['1812', '鹿島建設', 'カジマケンセツ', 'Kajima', '鹿島建設', 'construction', true, 3500, 15],
  ['1925', '大和ハウス工業', 'ダイワハウスコウギョウ', 'Daiwa House Industry', '大和房屋工業', 'construction', true, 4900, 10],
  ['1928', '積水ハウス', 'セキスイハウス', 'Sekisui House', '積水房屋', 'construction', true, 3200, 10],
  ['1963', '日揮ホールディングス', 'ニッキホールディングス', 'JGC Holdings', '日揮控股', 'construction', true, 1300, 15],
];

/**
 * Major ETFs: [code, Japanese name, reading, English name, Traditional Chinese name,
 *  trading unit (shares), reference price (yen), daily-return multiple of the Nikkei-like
 *  market factor used by the simulator (1 = tracks it, 2 = leveraged, -2 = double inverse)].
 * Tick table by the JPX FAQ (§2.2 [J7]): unit ≥ 10 → table 03; unit 1 → table 04.
 */
export type EtfRow = readonly [string, string, string, string, string, number, number, number];

export const ETFS: readonly EtfRow[] = [
  ['1305', 'iFreeETF TOPIX(年1回決算型)', 'アイフリーイーティーエフトピックス', 'iFreeETF TOPIX (Yearly Dividend Type)', 'iFreeETF 東證股價指數', 10, 2900, 1],
  [
    '1306',
    'NEXT FUNDS TOPIX連動型上場投信',
    'ネクストファンズトピックスレンドウガタジョウジョウトウシン',
    'NEXT FUNDS TOPIX ETF',
    'NEXT FUNDS 東證股價指數連動型ETF',
    10,
    2850,
    1,
  ],
  [
    '1321',
    'NEXT FUNDS 日経225連動型上場投信',
    'ネクストファンズニッケイニーニーゴレンドウガタジョウジョウトウシン',
    'NEXT FUNDS Nikkei 225 ETF',
    'NEXT FUNDS 日經225連動型ETF',
    1,
    41000,
    1,
  ],
  ['1330', '上場インデックスファンド225', 'ジョウジョウインデックスファンドニーニーゴ', 'Listed Index Fund 225', '上市指數基金225', 1, 41000, 1],
  [
    '1343',
    'NEXT FUNDS 東証REIT指数連動型上場投信',
    'ネクストファンズトウショウリートシスウレンドウガタジョウジョウトウシン',
    'NEXT FUNDS TSE REIT Index ETF',
    'NEXT FUNDS 東證REIT指數連動型ETF',
    10,
    1900,
    0.5,
  ],
  [
    '1357',
    'NEXT FUNDS 日経平均ダブルインバース・インデックス連動型上場投信',
    'ネクストファンズニッケイヘイキンダブルインバース',
    'NEXT FUNDS Nikkei 225 Double Inverse Index ETF',
    'NEXT FUNDS 日經平均雙倍反向指數連動型ETF',
    1,
    450,
    -2,
  ],
  ['1540', '純金上場信託(現物国内保管型)', 'ジュンキンジョウジョウシンタク', 'Japan Physical Gold ETF', '純金上市信託(現貨國內保管型)', 1, 14000, 0],
  [
    '1545',
    'NEXT FUNDS NASDAQ-100(為替ヘッジなし)連動型上場投信',
    'ネクストファンズナスダックヒャク',
    'NEXT FUNDS NASDAQ-100 (Unhedged) ETF',
    'NEXT FUNDS 那斯達克100(無匯率避險)連動型ETF',
    1,
    30000,
    0.5,
  ],
  [
    '1570',
    'NEXT FUNDS 日経平均レバレッジ・インデックス連動型上場投信',
    'ネクストファンズニッケイヘイキンレバレッジ',
    'NEXT FUNDS Nikkei 225 Leveraged Index ETF',
    'NEXT FUNDS 日經平均槓桿指數連動型ETF',
    1,
    25000,
    2,
  ],
  [
    '1571',
    'NEXT FUNDS 日経平均インバース・インデックス連動型上場投信',
    'ネクストファンズニッケイヘイキンインバース',
    'NEXT FUNDS Nikkei 225 Inverse Index ETF',
    'NEXT FUNDS 日經平均反向指數連動型ETF',
    1,
    600,
    -1,
  ],
  [
    '2558',
    'MAXIS米国株式(S&P500)上場投信',
    'マクシスベイコクカブシキエスアンドピーゴヒャク',
    'MAXIS S&P 500 US Equity ETF',
    'MAXIS 美國股票(標普500)ETF',
    1,
    25000,
    0.5,
  ],
];

export type CorporateActionRow =
  | { code: string; exDate: string; kind: 'split'; ratio: number; origin: 'recalled' | 'simulated' }
  | { code: string; exDate: string; kind: 'dividend'; amountYen: number; origin: 'recalled' | 'simulated' };

/** Splits (shares multiply by `ratio` on exDate) and cash dividends (per share, yen). */
export const CORPORATE_ACTIONS: readonly CorporateActionRow[] = [
  { code: '6758', exDate: '2024-09-27', kind: 'split', ratio: 5, origin: 'recalled' },
  { code: '8058', exDate: '2023-12-27', kind: 'split', ratio: 3, origin: 'recalled' },
  { code: '7011', exDate: '2024-03-27', kind: 'split', ratio: 10, origin: 'recalled' },
  { code: '9020', exDate: '2024-03-27', kind: 'split', ratio: 3, origin: 'recalled' },
  { code: '8316', exDate: '2024-09-27', kind: 'split', ratio: 3, origin: 'recalled' },
  { code: '7203', exDate: '2024-03-28', kind: 'dividend', amountYen: 40, origin: 'simulated' },
  { code: '7203', exDate: '2024-09-27', kind: 'dividend', amountYen: 45, origin: 'simulated' },
  { code: '7203', exDate: '2025-03-28', kind: 'dividend', amountYen: 50, origin: 'simulated' },
  { code: '7203', exDate: '2025-09-29', kind: 'dividend', amountYen: 45, origin: 'simulated' },
  { code: '7203', exDate: '2026-03-27', kind: 'dividend', amountYen: 50, origin: 'simulated' },
  { code: '8306', exDate: '2025-09-29', kind: 'dividend', amountYen: 35, origin: 'simulated' },
  { code: '9432', exDate: '2025-09-29', kind: 'dividend', amountYen: 2.6, origin: 'simulated' },
  { code: '9983', exDate: '2026-02-26', kind: 'split', ratio: 3, origin: 'simulated' },
];
