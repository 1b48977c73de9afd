// Funds settings every installation starts with (idempotent: an entry an operator has
// changed is left alone).
import type { Database } from '../../db/client';
import { siteConfig } from '../common';
import { FUNDS_CONFIG_DEFAULTS, FUNDS_CONFIG_NAMES } from './config';

export async function seedFundsConfig(db: Database): Promise<void> {
  await db
    .insert(siteConfig)
    .values(
      FUNDS_CONFIG_NAMES.map((name, index) => {
        const [value, title, titleZh] = FUNDS_CONFIG_DEFAULTS[name];
        return { name, value, title, titleZh, sort: 500 + index * 10 };
      }),
    )
    .onConflictDoNothing({ target: siteConfig.name });
}
