import { correctCompanyName } from '@kabuto/shared-sdk/format';
import { createUniverse, universeDataFromFile } from './universe';
import { normalizeForSearch } from './search';

const universe = createUniverse();

describe('instrument universe', () => {
  it('validates: 225 unique Nikkei codes plus ETFs, all codes unique', () => {
    const nikkei = universe.instruments.filter((i) => i.nikkei225);
    expect(nikkei).toHaveLength(225);
    expect(new Set(universe.instruments.map((i) => i.code)).size).toBe(universe.instruments.length);
    for (const code of ['1306', '1321', '1570', '1357', '1343', '1545', '2558']) {
      expect(universe.byCode(code)?.kind).toBe('etf');
    }
  });

  it('has Traditional Chinese names that already pass the spec §5 correction table', () => {
    for (const i of universe.instruments) expect(correctCompanyName(i.name.tw)).toBe(i.name.tw);
  });

  it('decides the tick table from TOPIX500 membership and the ETF trading unit', () => {
    expect(universe.byCode('7203')).toMatchObject({ tickTable: '03', lot: 100, topix500: true });
    // Kanadevia is TOPIX Small 1 in JPX's 2026-04-30 weights, so it uses the general table.
    expect(universe.byCode('7004')).toMatchObject({ tickTable: '01', topix500: false });
    expect(universe.byCode('6472')).toMatchObject({ tickTable: '03', topix500: true });
    expect(universe.byCode('1306')).toMatchObject({ tickTable: '03', lot: 10 });
    expect(universe.byCode('1321')).toMatchObject({ tickTable: '04', lot: 1 });
  });

  it('carries the April 2026 composition, including codes that end in a letter', () => {
    expect(universe.byCode('285A')).toMatchObject({ kind: 'stock', nikkei225: true, lot: 100 });
    expect(universe.byCode('543A')).toMatchObject({ nikkei225: true, topix500: false });
    expect(universe.search('キオクシア').map((i) => i.code)).toEqual(['285A']);
    for (const left of ['6201', '9301', '7762']) expect(universe.byCode(left)).toBeUndefined();
  });

  it('states its source, version and reference date', () => {
    expect(universe.version).toMatch(/\d/);
    expect(universe.source).toMatch(/simulation/);
    expect(universe.referenceDate).toBe('2025-06-30');
    expect(universe.byCode('7203')?.referencePrice).toBe(26_000);
  });

  it('rejects bad data with zod: duplicate codes, wrong tick table, a missing Nikkei row', () => {
    const raw = universeDataFromFile() as { instruments: Array<Record<string, unknown>> };
    const dup = { ...raw, instruments: [...raw.instruments, raw.instruments[0]] };
    expect(() => createUniverse(dup)).toThrow(/duplicate code/);
    const wrongTable = { ...raw, instruments: raw.instruments.map((i) => (i.code === '7203' ? { ...i, tickTable: '01' } : i)) };
    expect(() => createUniverse(wrongTable)).toThrow(/tick table/);
    const missing = { ...raw, instruments: raw.instruments.filter((i) => i.code !== '7203') };
    expect(() => createUniverse(missing)).toThrow(/224 Nikkei 225 rows/);
  });

  it('lists corporate actions per code, oldest first', () => {
    const toyota = universe.actionsFor('7203');
    expect(toyota.length).toBeGreaterThan(1);
    expect([...toyota].map((a) => a.exDate)).toEqual([...toyota].map((a) => a.exDate).sort());
    expect(universe.actionsFor('6758')).toEqual([expect.objectContaining({ kind: 'split', ratio: 5 })]);
  });
});

describe('search', () => {
  const codes = (q: string) => universe.search(q).map((i) => i.code);

  it('finds by exact code first, then by code prefix', () => {
    expect(codes('7203')[0]).toBe('7203');
    expect(codes('720')).toEqual(expect.arrayContaining(['7201', '7202', '7203']));
    expect(codes('７２０３')[0]).toBe('7203');
  });

  it('finds by Japanese, English and Traditional Chinese name', () => {
    expect(codes('トヨタ自動車')).toContain('7203');
    expect(codes('toyota motor')).toContain('7203');
    expect(codes('豐田汽車')).toContain('7203');
    expect(codes('任天堂')).toEqual(['7974']);
  });

  it('finds by kana reading in katakana, hiragana or half-width kana', () => {
    expect(codes('トヨタ')).toEqual(expect.arrayContaining(['7203', '8015']));
    expect(codes('にんてんどう')).toEqual(['7974']);
    expect(codes('ﾆﾝﾃﾝﾄﾞｳ')).toEqual(['7974']);
  });

  it('returns nothing for an empty query and respects the limit', () => {
    expect(codes('   ')).toEqual([]);
    expect(universe.search('1', 3)).toHaveLength(3);
  });

  it('normalises width, case, kana and separators', () => {
    expect(normalizeForSearch('ＳＯＮＹ・グループ')).toBe('sonyグループ');
    expect(normalizeForSearch('そにー')).toBe('ソニー');
  });
});
