#!/usr/bin/env node
// Independent check of a customer's stock lending fees (docs/credit.md "Stock lending"): reads
// only what the customer's own API publishes — lending/summary (the rules), lending/records
// (every accrual and payment) and funds/transactions (the ledger postings) — and recomputes:
//   1. each accrual = floor(close × shares × rate × day units ÷ dayCount), in integer yen;
//   2. each accrual's posting on the fee receivable equals it (none when it is 0);
//   3. each payment = the accruals it paid, credited to cash in the same journal entry;
//   4. the receivable left = the accruals not yet paid = the summary's accrued figure.
// Prints one line per finding and "match" or "mismatch"; exits 1 on a mismatch.
// Usage: node server/scripts/check-lending.mjs --base http://127.0.0.1:3000 --account <10 digits> --token <session token>

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
if (!args.base || !args.account || !args.token) {
  console.error('usage: check-lending.mjs --base <url> --account <account> --token <session token>');
  process.exit(2);
}

async function call(path, form = {}) {
  const res = await fetch(`${args.base}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token: args.token, account: args.account },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
  });
  const answer = await res.json();
  if (answer.status !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

async function all(path, form = {}) {
  const out = [];
  for (let page = 1; ; page++) {
    const data = await call(path, { ...form, page, size: 50 });
    out.push(...data.list);
    if (!data.hasMore) return out;
  }
}

/** Decimal yen text ('1916.5') → tenths of a yen as a bigint, exactly. */
function tenths(text) {
  const [int, frac = ''] = text.split('.');
  return BigInt(int) * 10n + BigInt((frac + '0').slice(0, 1));
}

const summary = await call('lending/summary');
const records = await all('lending/records');
const postings = await all('funds/transactions');
const dayCount = BigInt(summary.rules.dayCount);
const byJournal = new Map();
for (const p of postings) byJournal.set(p.journalId, [...(byJournal.get(p.journalId) ?? []), p]);
const problems = [];
const postingOf = (journalId, account) =>
  (byJournal.get(journalId) ?? []).filter((p) => p.account === account).reduce((s, p) => s + BigInt(p.amount.minor), 0n);

const accruals = records.filter((r) => r.kind === 'accrual');
const payments = records.filter((r) => r.kind === 'payment');
for (const a of accruals) {
  const expected = (tenths(a.closePrice) * BigInt(a.quantity) * BigInt(a.rateBp) * BigInt(a.days)) / (10n * dayCount * 10_000n);
  const amount = BigInt(a.amount.minor);
  if (amount !== expected) problems.push(`accrual ${a.businessDate} ${a.code}: ${amount} yen, recomputed ${expected}`);
  if (amount === 0n && a.journalId !== null) problems.push(`accrual ${a.businessDate} ${a.code}: 0 yen but journal ${a.journalId}`);
  if (amount > 0n) {
    const posted = a.journalId === null ? 0n : postingOf(a.journalId, 'lending_fee_receivable');
    if (posted !== amount) problems.push(`accrual ${a.businessDate} ${a.code}: ${amount} yen, posted ${posted}`);
  }
}
let paidTotal = 0n;
for (const p of payments) {
  const amount = BigInt(p.amount.minor);
  paidTotal += amount;
  const monthStart = `${p.businessDate.slice(0, 7)}-01`;
  const cash = postingOf(p.journalId, 'cash');
  const receivable = postingOf(p.journalId, 'lending_fee_receivable');
  if (cash !== amount || receivable !== -amount) problems.push(`payment ${p.businessDate}: ${amount} yen, cash ${cash}, receivable ${receivable}`);
  const earlier = payments.filter((q) => q.businessDate < p.businessDate).map((q) => q.businessDate);
  const from = earlier.length ? `${earlier.sort().at(-1).slice(0, 7)}-01` : '0000-00-00';
  const covered = accruals.filter((a) => a.businessDate < monthStart && a.businessDate >= from).reduce((s, a) => s + BigInt(a.amount.minor), 0n);
  if (covered !== amount) problems.push(`payment ${p.businessDate}: ${amount} yen, accruals before ${monthStart} sum to ${covered}`);
}
const accruedTotal = accruals.reduce((s, a) => s + BigInt(a.amount.minor), 0n);
const receivableLeft = postings.filter((p) => p.account === 'lending_fee_receivable').reduce((s, p) => s + BigInt(p.amount.minor), 0n);
if (receivableLeft !== accruedTotal - paidTotal) problems.push(`receivable ${receivableLeft} yen, accrued − paid ${accruedTotal - paidTotal}`);
if (BigInt(summary.totals.accrued.minor) !== accruedTotal - paidTotal)
  problems.push(`summary accrued ${summary.totals.accrued.minor}, records ${accruedTotal - paidTotal}`);
if (BigInt(summary.totals.paid.minor) !== paidTotal) problems.push(`summary paid ${summary.totals.paid.minor}, records ${paidTotal}`);

console.log(`accruals ${accruals.length} (${accruedTotal} yen), payments ${payments.length} (${paidTotal} yen), receivable ${receivableLeft} yen`);
for (const p of problems) console.log(`mismatch: ${p}`);
console.log(problems.length === 0 ? 'match' : 'mismatch');
process.exit(problems.length === 0 ? 0 : 1);
