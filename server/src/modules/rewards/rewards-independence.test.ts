// A coupon never conditions a withdrawal, a deposit or access to money (docs/dividends.md
// "Coupons"): fraudulent investment apps hold money hostage with "use your coupon first" or
// "reach a sign-in streak to unlock withdrawals". This scan fails if any file of the funds module
// (deposits, withdrawals, wallet, ledger, and the blockers other modules plug in there) imports
// the rewards module or names its tables or columns.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const MODULES = join(__dirname, '..');
const FUNDS = join(MODULES, 'funds');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What counts as reading rewards: an import from the module, its SQL tables, its drizzle tables. */
const READS_REWARDS = [
  /from\s+['"][^'"]*\/rewards(\/[^'"]*)?['"]/,
  /import\(\s*['"][^'"]*\/rewards/,
  /\breward_(coupons|sign_ins)\b/,
  /\breward(Coupons|SignIns)\b/,
  /coupon/i,
];

export function rewardReads(source: string): string[] {
  return READS_REWARDS.filter((re) => re.test(source)).map((re) => re.source);
}

describe('money never depends on coupons or sign-ins', () => {
  it('the scan recognises each way of reading rewards', () => {
    expect(rewardReads(`import { rewardCoupons } from '../../rewards';`)).not.toEqual([]);
    expect(rewardReads(`const m = await import('../rewards/index');`)).not.toEqual([]);
    expect(rewardReads('select 1 from reward_coupons where user_id = $1')).not.toEqual([]);
    expect(rewardReads('db.select().from(rewardSignIns)')).not.toEqual([]);
    expect(rewardReads('if (!usedCoupon) refuse(MSG.withdrawalBlocked)')).not.toEqual([]);
    expect(rewardReads(`import { postJournal } from '../funds';`)).toEqual([]);
  });

  it('no file of the funds module reads rewards', () => {
    const files = filesUnder(FUNDS);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) => rewardReads(readFileSync(file, 'utf8')).map((why) => `${relative(MODULES, file)}: ${why}`));
    expect(offenders).toEqual([]);
  });

  it('no withdrawal blocker or hold registered with funds comes from rewards', () => {
    const files = filesUnder(join(MODULES, 'rewards')).filter((f) => !f.endsWith('.test.ts'));
    const plugs = files.filter((file) => /register(WithdrawalBlocker|Hold)/.test(readFileSync(file, 'utf8')));
    expect(plugs.map((f) => relative(MODULES, f))).toEqual([]);
  });
});
