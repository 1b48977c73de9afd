// Japanese bank and branch codes from the zengin-code package (lib/zengin-data.js: bank
// code → { code, name, kana, hira, roma, branches: branch code → { same fields } }).
// Loaded on first use: the table is about 5 MB.

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

function matches(entry: ZenginEntry, q: string): boolean {
  if (!q) return true;
  const lower = q.toLowerCase();
  return entry.code.startsWith(q) || entry.name.includes(q) || entry.kana.includes(q) || entry.hira.includes(q) || entry.roma.includes(lower);
}

/** Banks whose code, name, kana, hiragana or romaji match `q` (all when empty), by code. */
export function searchBanks(q: string, limit: number): ZenginEntry[] {
  const out: ZenginEntry[] = [];
  for (const bank of Object.values(zengin())) {
    if (matches(bank, q)) out.push({ code: bank.code, name: bank.name, kana: bank.kana, hira: bank.hira, roma: bank.roma });
    if (out.length >= limit) break;
  }
  return out;
}

export function searchBranches(bank: ZenginBank, q: string, limit: number): ZenginEntry[] {
  const out: ZenginEntry[] = [];
  for (const branch of Object.values(bank.branches)) {
    if (matches(branch, q)) out.push(branch);
    if (out.length >= limit) break;
  }
  return out;
}
