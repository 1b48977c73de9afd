// "One language at a time": the checks the translation test runs over every table of
// texts and the message catalogue. A screen in tw or jp must not show English words
// (beyond a short list of codes and units), tw must not show Simplified characters, and
// each unit has one spelling per language.

/** A table of one namespace, or the catalogue turned into one: language → key → text. */
export type TextTable = Readonly<Record<'tw' | 'jp' | 'en', Readonly<Record<string, string>>>>;

/** A finding: which table, language and key, and what is wrong. */
export interface LanguageProblem {
  table: string;
  lang: 'tw' | 'jp' | 'en';
  key: string;
  problem: string;
}

/**
 * Latin words a tw or jp text may carry: codes and units that are written this way in
 * those languages too (currency and index codes, the brand, file types, market terms).
 */
export const LATIN_ALLOWED: ReadonlySet<string> = new Set([
  'Kabuto',
  'JPY',
  'USD',
  'ETF',
  'ETFs',
  'TOPIX',
  'IPO',
  'ID',
  'PDF',
  'PNG',
  'JPEG',
  'JPG',
  'SMS',
  'OK',
  'QR',
  'PIN',
  'JST',
  'TSE',
  'KYC',
  'VIP',
  'PER',
  'WEBP',
  'Web',
  // K線 / 日K: how Chinese charts name candlesticks; T+1: the settlement day.
  'K',
  'T',
  // The search hint shows on purpose that a name in any language finds the stock.
  'Toyota',
  // SHA-256, the IPO lottery's commitment hash, is named this way in every language.
  'SHA-',
  // Order types and venues Japanese brokers write in Latin letters in Japanese too
  // (OCO, IFD, IFDOCO orders; PTS night sessions; JPX's ToSTNeT off-auction system).
  'OCO',
  'IFD',
  'IFDOCO',
  'PTS',
  'ToSTNeT',
]);

/**
 * Characters that exist only in Simplified Chinese (their Traditional forms differ). Not
 * every one of them: the common ones of a brokerage app's texts. Characters that are also
 * correct Traditional (佣 as in 佣金, 盈, 范, 后, 里, 台, 只, 干, 准, 系, 云, 余, 划, 才, 着, 面, 黄) are left out.
 */
export const SIMPLIFIED_ONLY =
  '们这个来时为说国会对发见长开关门问间认让话请读进还经过东车马鸟鱼页显头实现点击载数据络网币银钱单价买卖额览设证确码录账户务动员应产业无与专丢两严丰临举么义乐习书争亏亚亲亿仅从仓仪众优伞传伤伦伪体侣侦侧俭债倾偿储儿党兰兴养兽内册写军农冻况净减凤凭凯刘则刚创删别剑剧劝办劳势区医华协却厂厅历压厌县参双变叙叶号吗听启吴呜响唤喷团园围图圆圣场坏块坚坛垫执扩扫扬扰抚抢护报担拟拥择挂挡挥损换据摄摆摇携断旧旷昼晋晓晕暂术机杀杂权条杨极构枪标样桥梦检楼欢欧残毁毕气汇汉汤沟没泪泽洁浅测济浏浓涨润温湾湿满滚灭灯灵灾炉炼烟热爱爷牵状犹独狭猎献环疗盖盘矿砖础碍礼祸离种积称稳穷窃竞笔筑简类粮纪约级纯纲纳纵纸线练组细终结给绝统继绩续维综绿编缓缩罚罗职联聪肃肠肤胜脑脏脸腾艺节苏荣药获虑虚虽补装观规视觉触计订讨训议讯记讲许论访评识诉词译试诚询该详语误诸课谁调谈谢谱贝负贡财责贤败货质购贯贵贷费贴贸资赋赔赖赚赞赢赶趋跃践踪轨转轮软轻较辅辆辈输边达迁运远违连迟适选递逻遗邮邻郑释针钟钢钥钻铁铃链销锁错键镇闭闯闲闷阅队阳阴阵阶际陆陈险随隐难雾静韩顶项顺须顾预领频题颜风飞饭饮馆驱验骗鲁鸡齐龙';

/** Per language, the spellings of one unit: only one of them may appear in that language. */
export const UNIT_SPELLINGS: Readonly<Record<'tw' | 'jp' | 'en', readonly (readonly string[])[]>> = {
  tw: [
    ['日圓', '日元', '日幣'],
    ['美元', '美金'],
  ],
  jp: [
    ['円', '日本円'],
    ['米ドル', '米国ドル'],
  ],
  // English prose says "yen" ("your yen cash") and amounts carry the code: both are right.
  en: [
    ['JPY', 'JP¥'],
    ['USD', 'US$', 'US dollars'],
  ],
};

const PLACEHOLDER = /\{\{[^}]*\}\}/g;
const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*/g;

/** Latin words of a tw or jp text that are not on the allow-list (placeholders aside). */
export function latinWords(text: string): string[] {
  const words = text.replace(PLACEHOLDER, ' ').match(LATIN_WORD) ?? [];
  return words.filter((word) => !LATIN_ALLOWED.has(word));
}

/** The Simplified-only characters of a text, in order of appearance. */
export function simplifiedCharacters(text: string): string[] {
  return [...text.replace(PLACEHOLDER, ' ')].filter((ch) => SIMPLIFIED_ONLY.includes(ch));
}

// '日本円' contains '円': a spelling counts only where no longer spelling of the same unit covers it.
function spellingsIn(text: string, spellings: readonly string[]): string[] {
  const longestFirst = [...spellings].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  let rest = text;
  for (const spelling of longestFirst) {
    const pattern = /^[A-Za-z]/.test(spelling) ? new RegExp(`\\b${spelling}\\b`, 'i') : new RegExp(spelling);
    if (pattern.test(rest)) {
      found.push(spelling);
      rest = rest.split(pattern).join(' ');
    }
  }
  return found;
}

/** Every problem of one table: missing keys, Latin words and Simplified characters in tw/jp. */
export function tableProblems(name: string, table: TextTable): LanguageProblem[] {
  const problems: LanguageProblem[] = [];
  const langs = ['tw', 'jp', 'en'] as const;
  const allKeys = new Set(langs.flatMap((lang) => Object.keys(table[lang])));
  for (const lang of langs) {
    for (const key of allKeys) {
      const text = table[lang][key];
      if (text === undefined || text.trim() === '') {
        problems.push({ table: name, lang, key, problem: 'missing' });
        continue;
      }
      if (lang === 'en') continue;
      const latin = latinWords(text);
      if (latin.length > 0) problems.push({ table: name, lang, key, problem: `Latin words: ${latin.join(' ')} in "${text}"` });
      if (lang === 'tw') {
        const simplified = simplifiedCharacters(text);
        if (simplified.length > 0) problems.push({ table: name, lang, key, problem: `Simplified: ${simplified.join('')} in "${text}"` });
      }
    }
  }
  return problems;
}

/** Units spelled more than one way in a language, across all the tables given. */
export function unitProblems(tables: Readonly<Record<string, TextTable>>): LanguageProblem[] {
  const problems: LanguageProblem[] = [];
  for (const lang of ['tw', 'jp', 'en'] as const) {
    for (const spellings of UNIT_SPELLINGS[lang]) {
      const seen = new Map<string, string>();
      for (const [name, table] of Object.entries(tables)) {
        for (const [key, text] of Object.entries(table[lang])) {
          for (const spelling of spellingsIn(text, spellings)) if (!seen.has(spelling)) seen.set(spelling, `${name}:${key}`);
        }
      }
      if (seen.size > 1) {
        const where = [...seen].map(([spelling, at]) => `${spelling} (${at})`).join(', ');
        problems.push({ table: '*', lang, key: spellings[0] ?? '', problem: `one unit spelled ${seen.size} ways: ${where}` });
      }
    }
  }
  return problems;
}
