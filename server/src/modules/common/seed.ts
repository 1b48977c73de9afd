// Site configuration every installation starts with. Idempotent: an entry that already
// exists (perhaps changed by an operator) is left alone.
import { APP_VERSION } from '@kabuto/shared-sdk/constants';
import type { Database } from '../../db/client';
import { siteConfig } from './schema';

export type SiteConfigSeed = typeof siteConfig.$inferInsert;

/** Where the server serves the logo it ships (modules/common/logo.ts). */
export const LOGO_PATH = '/assets/logo.svg';

export const SITE_CONFIG_SEED: readonly SiteConfigSeed[] = [
  { name: 'logo', value: LOGO_PATH, title: 'Logo', titleZh: '標誌' },
  { name: 'site_name', value: 'Kabuto', title: 'Site name', titleZh: '網站名稱' },
  { name: 'app_version', value: APP_VERSION, title: 'App version', titleZh: '應用版本' },
  { name: 'default_lang', value: 'tw', title: 'Default language', titleZh: '預設語言' },
  // ARCHITECTURE §7.6: the simulated venue is always labelled as simulated.
  { name: 'market_label', value: 'simulated', title: 'Market data: simulated', titleZh: '行情資料：模擬' },
  { name: 'currency', value: 'JPY', title: 'Currency', titleZh: '幣種' },
  { name: 'lot_size', value: '100', title: 'Shares per lot', titleZh: '每手股數' },
  { name: 'deposit_time', value: '09:00-17:00', title: 'Deposit hours (JST)', titleZh: '入金時間（日本時間）' },
  // The spec gives three withdrawal windows: weekdays 9:00–15:30, 9:00–18:00 Mon–Fri, and
  // 09:00:00–17:00:00 in a message. We publish the first (it ends with the TSE close).
  { name: 'withdraw_time', value: '09:00-15:30', title: 'Withdrawal hours (JST)', titleZh: '出金時間（日本時間）' },
  { name: 'withdraw_days', value: 'mon-fri', title: 'Withdrawal days: weekdays', titleZh: '出金日：週一至週五' },
  // Integer minor units of JPY (no decimals): 100 yen. The spec also mentions USD once.
  { name: 'withdraw_min', value: '100', title: 'Minimum withdrawal (JPY)', titleZh: '最低出金金額（日圓）' },
  // The customer-service chat line (spec §1); the support module serves it.
  { name: 'customer_service', value: 'chat', title: 'Customer service', titleZh: '線上客服' },
].map((entry, index) => ({ ...entry, sort: (index + 1) * 10 }));

export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(siteConfig)
    .values([...SITE_CONFIG_SEED])
    .onConflictDoNothing({ target: siteConfig.name });
}
