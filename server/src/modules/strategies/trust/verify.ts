// Recomputes each published NAV of the trusts following a strategy from what the NAV published
// (docs/strategies.md §9 and §18), for `npm run strategy-verify` and the strategy/verify route:
// the holdings (shares × the price at the close), the trust's cash and what it owed to earlier
// redemptions (taken as recorded, like the leader equity: recomputing them needs the ledger at the
// NAV's instant), the fee by the published
// formula for the days since the last NAV, the units before, and the requests it filled. A NAV, a
// fill or a fee posting changed after the fact shows as a mismatch.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { JournalType } from '@kabuto/shared-sdk/schemas';
import { ledgerAccounts, ledgerJournal, ledgerPostings } from '../../funds';
import { strategyTrustNavHoldings, strategyTrustNavs, strategyTrustRequests, strategyTrusts } from '../schema';
import { feeDaysBetween, holdingsValueOf, priceDay } from './nav';

const yen = (n: bigint) => `¥${n.toLocaleString('en-US')}`;

/** A line of the strategy check (records/verify.ts StrategyCheckLine, which appends these). */
export interface TrustNavCheckLine {
  what: string;
  match: boolean;
  detail: string;
}

/** The postings one journal (type and reference) made to `userId`'s accounts: all of them, or only those moving money in. */
async function postedTo(db: Database, journal: { type: JournalType; reference: string }, userId: number, only?: 'in'): Promise<bigint> {
  const rows = await db
    .select({ amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerJournal, eq(ledgerJournal.id, ledgerPostings.journalId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerJournal.type, journal.type),
        eq(ledgerJournal.reference, journal.reference),
        eq(ledgerAccounts.userId, userId),
        only === 'in' ? gt(ledgerPostings.amount, 0n) : undefined,
      ),
    );
  return rows.reduce((sum, r) => sum + r.amount, 0n);
}

/** The fee the NAV's `trust_fee` journal moved out of the trust's cash (0 when none was posted). */
const feePosted = async (db: Database, navId: number, poolUserId: number) =>
  -(await postedTo(db, { type: 'trust_fee', reference: `trust-fee:${navId}` }, poolUserId));

/** What a journal moved into `userId`'s accounts of the customer-side kinds (its cash, or the redemption receivable). */
const customerPosted = (db: Database, type: 'trust_redemption_owed' | 'trust_redemption_paid', reference: string, userId: number) =>
  postedTo(db, { type, reference }, userId, 'in');

/** One line per published NAV of each trust following `strategyId`: match or mismatch, with the figures. */
export async function checkTrustNavs(db: Database, strategyId: number): Promise<TrustNavCheckLine[]> {
  const lines: TrustNavCheckLine[] = [];
  const trusts = await db.select().from(strategyTrusts).where(eq(strategyTrusts.strategyId, strategyId)).orderBy(asc(strategyTrusts.id));
  for (const trust of trusts) {
    const navs = await db.select().from(strategyTrustNavs).where(eq(strategyTrustNavs.trustId, trust.id)).orderBy(asc(strategyTrustNavs.businessDate));
    const navIds = navs.map((n) => n.id);
    const holdingRows = navIds.length ? await db.select().from(strategyTrustNavHoldings).where(inArray(strategyTrustNavHoldings.navId, navIds)) : [];
    const filled = navIds.length
      ? await db
          .select()
          .from(strategyTrustRequests)
          .where(and(eq(strategyTrustRequests.trustId, trust.id), inArray(strategyTrustRequests.navId, navIds)))
          .orderBy(asc(strategyTrustRequests.id))
      : [];
    let previous: (typeof navs)[number] | null = null;
    for (const nav of navs) {
      const what = `trust ${trust.id} NAV ${nav.businessDate}`;
      const holdings = holdingRows
        .filter((h) => h.navId === nav.id)
        .map((h) => ({ code: h.code, shares: h.shares, priceTenths: h.priceTenths, value: h.value }));
      const requests = filled.filter((r) => r.navId === nav.id);
      const again = priceDay({
        holdings,
        cash: nav.cash,
        payable: nav.payable,
        units: nav.unitsBefore,
        feeBpPerYear: trust.feeBpPerYear,
        days: previous ? feeDaysBetween(previous.businessDate, nav.businessDate) : 1,
        requests: requests.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount ?? 0n, units: r.units ?? 0n })),
      });
      const wrong: string[] = [];
      const unitsBefore = previous?.unitsAfter ?? 0n;
      if (nav.unitsBefore !== unitsBefore) wrong.push(`units before ${nav.unitsBefore}, the last NAV left ${unitsBefore}`);
      for (const h of holdings) {
        const value = holdingsValueOf([h]);
        if (value !== h.value) wrong.push(`${h.code} value ${yen(h.value)}, ${h.shares} × ¥${(h.priceTenths / 10).toFixed(1)} = ${yen(value)}`);
      }
      if (again.holdingsValue !== nav.holdingsValue) wrong.push(`holdings ${yen(nav.holdingsValue)}, recomputed ${yen(again.holdingsValue)}`);
      if (again.fee !== nav.fee) wrong.push(`fee ${yen(nav.fee)}, recomputed ${yen(again.fee)}`);
      if (again.netAssets !== nav.netAssets) wrong.push(`net assets ${yen(nav.netAssets)}, recomputed ${yen(again.netAssets)}`);
      if (again.nav !== nav.nav) wrong.push(`NAV ${yen(nav.nav)}, recomputed ${yen(again.nav)}`);
      if (again.payableAfter !== nav.payableAfter) wrong.push(`payable after ${yen(nav.payableAfter)}, recomputed ${yen(again.payableAfter)}`);
      if (again.unitsAfter !== nav.unitsAfter) wrong.push(`units after ${nav.unitsAfter}, recomputed ${again.unitsAfter}`);
      if (again.netAssetsAfter !== nav.netAssetsAfter) wrong.push(`net assets after ${yen(nav.netAssetsAfter)}, recomputed ${yen(again.netAssetsAfter)}`);
      for (const r of requests) {
        const fill = again.fills.find((f) => f.id === r.id);
        // An owed redemption is priced until a later NAV step pays it, then filled.
        const statusOk = fill?.owed ? r.status === 'priced' || r.status === 'filled' : r.status === 'filled';
        if (!fill || !statusOk || fill.units !== r.filledUnits || fill.cash !== r.cash || fill.refund !== (r.refund ?? 0n))
          wrong.push(
            `request #${r.id} ${r.kind}: ${r.status} ${r.filledUnits ?? '—'} units ${yen(r.cash ?? 0n)}, recomputed ${fill ? `${fill.owed ? 'owed ' : ''}${fill.units} units ${yen(fill.cash)}` : 'not filled'}`,
          );
        if (fill?.owed && fill.cash > 0n) {
          // The yen owed went to the customer's receivable at the NAV, and, once paid, to their cash.
          const owedPosted = await customerPosted(db, 'trust_redemption_owed', `trust-fill:${r.id}`, r.userId);
          if (owedPosted !== fill.cash) wrong.push(`request #${r.id} owed posted ${yen(owedPosted)}, priced ${yen(fill.cash)}`);
          if (r.status === 'filled') {
            const paidPosted = await customerPosted(db, 'trust_redemption_paid', `trust-paid:${r.id}`, r.userId);
            if (paidPosted !== fill.cash) wrong.push(`request #${r.id} paid ${yen(paidPosted)}, owed ${yen(fill.cash)}`);
          }
        }
      }
      const posted = await feePosted(db, nav.id, trust.poolUserId);
      if (posted !== nav.fee) wrong.push(`fee posted ${yen(posted)}, published ${yen(nav.fee)}`);
      const owing = nav.payable > 0n ? ` − ${yen(nav.payable)} owed to redemptions` : '';
      const assets = `${yen(again.holdingsValue)} holdings + ${yen(nav.cash)} cash${owing} − ${yen(again.fee)} fee`;
      // No units before: the trust starts at ¥10,000 per 10,000 units whatever its assets.
      const formula = nav.unitsBefore > 0n ? `(${assets}) × 10,000 ÷ ${nav.unitsBefore} units` : `the starting NAV (no units before; ${assets})`;
      lines.push({
        what,
        match: wrong.length === 0,
        detail: wrong.length
          ? wrong.join('; ')
          : `${yen(nav.nav)} per 10,000 units = ${formula}; ${requests.length} request(s) filled, ${nav.unitsAfter} units after`,
      });
      previous = nav;
    }
  }
  return lines;
}
