// Japanese bank and branch codes from the zengin-code package (lib/zengin-data.js: bank
// code → { code, name, kana, hira, roma, branches: branch code → { same fields } }).
// Loaded on first use: the table is about 5 MB. Search takes Japanese, kana, codes, romaji as
// people type it (romaji.ts) and the major banks' English names and short forms (major-banks.ts).
import { MAJOR_BANKS } from './major-banks';
import { displayRomaji, romajiKey } from './romaji';

export interface ZenginEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
export interface ZenginBank extends ZenginEntry {
  branches: Record<string, ZenginEntry>;
}
type ZenginData = Record<string, ZenginBank>;

let data: ZenginData | undefined;
function zengin(): ZenginData {
  // The package has no type declarations; its shape is the one described above.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS data package, loaded on first use (it is large)
  data ??= require('zengin-code') as ZenginData;
  return data;
}

export function findBank(code: string): ZenginBank | undefined {
  const banks = zengin();
  return Object.prototype.hasOwnProperty.call(banks, code) ? banks[code] : undefined;
}

export function findBranch(bank: ZenginBank, code: string): ZenginEntry | undefined {
  return Object.prototype.hasOwnProperty.call(bank.branches, code) ? bank.branches[code] : undefined;
}

/** A bank or branch as the pickers show it: Japanese name, kana, and a romanised name. */
export interface ZenginMatch {
  code: string;
  name: string;
  kana: string;
  /** The English name of a major bank, else the data's romaji as Hepburn ("Shinjuku"). */
  roma: string;
}

interface Searchable {
  entry: ZenginEntry;
  roma: string;
  /** romajiKey of the romaji and of every English name and alias. */
  keys: string[];
}

const MAJOR = new Map(MAJOR_BANKS.map((bank, rank) => [bank.code, { ...bank, rank }]));

function searchable(entry: ZenginEntry): Searchable {
  const major = MAJOR.get(entry.code);
  const names = major ? [major.en, ...major.aliases] : [];
  return { entry, roma: major?.en ?? displayRomaji(entry.roma), keys: [entry.roma, ...names].map(romajiKey) };
}

/**
 * The order of the bank list, in this one place: the major banks in MAJOR_BANKS' order (what
 * most customers look for), then the other banks (codes below 1000: regional, trust, foreign),
 * then shinkin banks, credit unions, labour banks and co-operatives (1000 on), each by code.
 * Without it the list starts with shinkin banks: JavaScript puts the keys "1000"… before "0001"….
 */
function bankOrder(a: ZenginEntry, b: ZenginEntry): number {
  const rank = (code: string) => MAJOR.get(code)?.rank ?? (code < '1000' ? MAJOR_BANKS.length : MAJOR_BANKS.length + 1);
  return rank(a.code) - rank(b.code) || a.code.localeCompare(b.code);
}

let banks: Searchable[] | undefined;
function searchableBanks(): Searchable[] {
  banks ??= Object.values(zengin())
    .map((bank) => ({ code: bank.code, name: bank.name, kana: bank.kana, hira: bank.hira, roma: bank.roma }))
    .sort(bankOrder)
    .map(searchable);
  return banks;
}

const branchCache = new WeakMap<ZenginBank, Searchable[]>();
function searchableBranches(bank: ZenginBank): Searchable[] {
  let list = branchCache.get(bank);
  if (!list) {
    list = Object.values(bank.branches)
      .sort((a, b) => a.code.localeCompare(b.code))
      .map(searchable);
    branchCache.set(bank, list);
  }
  return list;
}

function matcher(q: string): (item: Searchable) => boolean {
  const query = q.normalize('NFKC').trim();
  if (!query) return () => true;
  const key = /[a-z]/i.test(query) ? romajiKey(query) : '';
  return ({ entry, keys }) =>
    entry.code.startsWith(query) ||
    entry.name.normalize('NFKC').includes(query) ||
    entry.kana.includes(query) ||
    entry.hira.includes(query) ||
    (key !== '' && keys.some((k) => k.includes(key)));
}

function search(list: Searchable[], q: string, limit: number): ZenginMatch[] {
  const test = matcher(q);
  const out: ZenginMatch[] = [];
  for (const item of list) {
    if (!test(item)) continue;
    out.push({ code: item.entry.code, name: item.entry.name, kana: item.entry.kana, roma: item.roma });
    if (out.length >= limit) break;
  }
  return out;
}

/** Banks matching `q` (all when empty), major banks first (bankOrder). */
export function searchBanks(q: string, limit: number): ZenginMatch[] {
  return search(searchableBanks(), q, limit);
}

/** Branches of `bank` matching `q`, by code. */
export function searchBranches(bank: ZenginBank, q: string, limit: number): ZenginMatch[] {
  return search(searchableBranches(bank), q, limit);
}
