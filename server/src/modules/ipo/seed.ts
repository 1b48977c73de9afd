// Demo issues on `npm start`: one clearly labelled simulated issue at each stage, dated relative
// to the business clock, so a first-time visitor sees every status. Created through the same
// audited steps as an operator's (as system:ipo); an issue already present is left alone.
import { inArray } from 'drizzle-orm';
import type { IpoDeps } from './deps';
import { SYSTEM_OPERATOR } from './deps';
import { createIssue, drawIssue, listIssue, type NewIssue } from './lifecycle';
import { ipoIssues } from './schema';

const H = 3600_000;
const D = 24 * H;

interface DemoIssue {
  code: string;
  jp: string;
  en: string;
  tw: string;
  /** Book-building start, in ms from now. */
  start: number;
  drawn?: boolean;
  listed?: boolean;
  offer?: number;
}

const DEMO: DemoIssue[] = [
  { code: '9Q1A', jp: '（模擬）カブト宇宙開発', en: '(Simulated) Kabuto Space Works', tw: '（模擬）兜宇宙開發', start: 2 * D },
  { code: '9Q2A', jp: '（模擬）カブトAIラボ', en: '(Simulated) Kabuto AI Lab', tw: '（模擬）兜AI實驗室', start: -1 * D },
  { code: '9Q3A', jp: '（模擬）カブト再生エネルギー', en: '(Simulated) Kabuto Renewables', tw: '（模擬）兜再生能源', start: -4.5 * D },
  { code: '9Q4A', jp: '（模擬）カブト医療データ', en: '(Simulated) Kabuto Medical Data', tw: '（模擬）兜醫療數據', start: -7 * D, drawn: true, offer: 1450 },
  { code: '9Q5A', jp: '（模擬）カブト物流', en: '(Simulated) Kabuto Logistics', tw: '（模擬）兜物流', start: -20 * D, drawn: true, listed: true, offer: 980 },
];

export async function seedIpoDemo(deps: IpoDeps): Promise<void> {
  const present = new Set(
    (
      await deps.db
        .select({ code: ipoIssues.code })
        .from(ipoIssues)
        .where(
          inArray(
            ipoIssues.code,
            DEMO.map((d) => d.code),
          ),
        )
    ).map((r) => r.code),
  );
  const now = deps.businessClock.now().getTime();
  for (const d of DEMO) {
    if (present.has(d.code)) continue;
    const s = now + d.start;
    // Book-building 4 days, lottery 1 day later, purchase period 3 days, listing 5 days after that.
    const issue: NewIssue = {
      code: d.code,
      names: { tw: d.tw, jp: d.jp, en: d.en },
      market: 'growth',
      priceLower: d.offer ? d.offer - 50 : 1200,
      priceUpper: d.offer ? d.offer + 50 : 1400,
      offerPrice: d.drawn ? (d.offer ?? null) : null,
      bookBuildingStart: new Date(s),
      bookBuildingEnd: new Date(s + 4 * D),
      lotteryAt: new Date(s + 5 * D),
      paymentDeadline: new Date(s + 8 * D),
      listingAt: new Date(s + 13 * D),
      unitsAvailable: 20_000,
      maxUnitsPerCustomer: 1_000,
      lotteryModel: d.code === '9Q3A' ? 'weighted' : 'perCustomer',
    };
    await createIssue(deps, SYSTEM_OPERATOR, issue, 'demo seed (simulated)');
    if (d.drawn) await drawIssue(deps, SYSTEM_OPERATOR, d.code, 'demo seed (simulated)');
    if (d.listed) await listIssue(deps, SYSTEM_OPERATOR, d.code, 'demo seed (simulated)');
  }
}
