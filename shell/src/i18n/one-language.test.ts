// One language at a time: walks every translation table of the shell and
// the remotes (found on disk, so a new package's table is walked too) and the message
// catalogue, and fails on a key missing in tw/jp/en, Latin words inside tw/jp texts (codes
// and units of the allow-list aside), Simplified-only characters in tw, or a unit spelled
// two ways in one language.
import fs from 'fs';
import path from 'path';
import { MESSAGE_GROUPS } from '@kabuto/shared-sdk/messages/catalogue';
import { MESSAGES_EN } from '@kabuto/shared-sdk/messages/catalogue/en';
import { MESSAGES_JP } from '@kabuto/shared-sdk/messages/catalogue/jp';
import {
  renderSpecialMessage,
  withdrawMinMessage,
  withdrawWindowMessage,
  depositWindowMessage,
  parseSpecialMessage,
} from '@kabuto/shared-sdk/messages/special';
import { latinWords, simplifiedCharacters, tableProblems, unitProblems, type TextTable } from '@kabuto/shared-sdk/messages/one-language';

const REPO = path.resolve(__dirname, '..', '..', '..');

function isTable(value: unknown): value is TextTable {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['tw', 'jp', 'en'].every((lang) => typeof v[lang] === 'object' && v[lang] !== null);
}

// Every `translations.ts` and `*-texts.ts` under a package's src: the tables the page's texts are made of.
function tableFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tableFiles(full));
    else if (/^(translations|[\w-]+-texts)\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

function translationTables(): Record<string, TextTable> {
  const tables: Record<string, TextTable> = {};
  const packages = fs.readdirSync(REPO).filter((name) => name === 'shell' || name.startsWith('mf-'));
  for (const pkg of packages) {
    const src = path.join(REPO, pkg, 'src');
    if (!fs.existsSync(src)) continue;
    for (const file of tableFiles(src)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the tables are found on disk
      const exports = require(file) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (isTable(value)) tables[`${path.relative(REPO, file)}#${name}`] = value;
      }
    }
  }
  return tables;
}

function catalogueTables(): Record<string, TextTable> {
  const tables: Record<string, TextTable> = {};
  for (const [group, messages] of Object.entries(MESSAGE_GROUPS)) {
    const table = { tw: {} as Record<string, string>, jp: {} as Record<string, string>, en: {} as Record<string, string> };
    for (const [name, tw] of Object.entries(messages) as [keyof typeof MESSAGES_JP, string][]) {
      table.tw[name] = tw;
      table.jp[name] = MESSAGES_JP[name];
      table.en[name] = MESSAGES_EN[name];
    }
    tables[`catalogue/${group}`] = table;
  }
  return tables;
}

// The messages that carry a value, as the server sends them today, rendered in each language.
function specialMessages(): TextTable {
  const sent = {
    depositWindow: depositWindowMessage('09:00-17:00'),
    withdrawWindowWeekdays: withdrawWindowMessage('Mon-Fri 09:00-15:30'),
    withdrawMin: withdrawMinMessage('100', '日元'),
  };
  const table = { tw: {} as Record<string, string>, jp: {} as Record<string, string>, en: {} as Record<string, string> };
  for (const [name, msg] of Object.entries(sent)) {
    const special = parseSpecialMessage(msg);
    if (!special) throw new Error(`not a special message: ${msg}`);
    for (const lang of ['tw', 'jp', 'en'] as const) table[lang][name] = renderSpecialMessage(special, lang);
  }
  return table;
}

describe('one language at a time', () => {
  const tables = { ...translationTables(), ...catalogueTables(), 'special messages': specialMessages() };

  it('finds the tables of the shell, every remote and the catalogue', () => {
    const names = Object.keys(tables);
    for (const expected of [
      'shell/src/i18n/shell-texts.ts',
      'shell/src/pages/access/access-texts.ts',
      'mf-funds/src/translations.ts',
      'mf-market/src/translations.ts',
    ]) {
      expect(names.some((name) => name.startsWith(expected))).toBe(true);
    }
    expect(names.filter((name) => name.startsWith('catalogue/')).length).toBe(Object.keys(MESSAGE_GROUPS).length);
  });

  it('has every key in tw, jp and en, no English words in tw/jp, no Simplified characters in tw', () => {
    const problems = Object.entries(tables).flatMap(([name, table]) => tableProblems(name, table));
    expect(problems).toEqual([]);
  });

  it('spells each unit one way per language', () => {
    expect(unitProblems(tables)).toEqual([]);
  });
});

// The checks themselves must catch a mixed-language text, or the test above proves nothing.
describe('the checks', () => {
  it('see the English weekday range inside a Chinese text, but not codes and placeholders', () => {
    expect(latinWords('請於出金時間：Mon-Fri 09:00-15:30')).toEqual(['Mon-Fri']);
    expect(latinWords('{{amount}} JPY，TOPIX 與 ETF')).toEqual([]);
  });

  it('see Simplified characters in tw', () => {
    expect(simplifiedCharacters('释放立即刷新，加载中')).toEqual(['释', '载']);
    expect(simplifiedCharacters('放開重新整理')).toEqual([]);
  });

  it('see a missing key and a unit spelled two ways', () => {
    const a: TextTable = { tw: { x: '最低100日元' }, jp: { x: '最低100円' }, en: {} };
    const b: TextTable = { tw: { y: '最高1,000日圓' }, jp: { y: '最高1,000日本円' }, en: { y: 'at most 1,000 JPY' } };
    expect(tableProblems('a', a)).toEqual([{ table: 'a', lang: 'en', key: 'x', problem: 'missing' }]);
    expect(unitProblems({ a, b }).map((p) => `${p.lang}:${p.key}`)).toEqual(['tw:日圓', 'jp:円']);
  });
});
