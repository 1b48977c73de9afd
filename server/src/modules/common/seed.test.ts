import { eq } from 'drizzle-orm';
import { openMigratedDatabase, type OpenedDatabase } from '../../db/client';
import { siteConfig, uploads } from './schema';
import { SITE_CONFIG_SEED, seedDatabase } from './seed';

describe('database (in-memory PGlite)', () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openMigratedDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await opened.close();
  });

  it('applies the committed migrations (re-running is a no-op) and starts empty', async () => {
    await opened.migrate();
    expect(await opened.db.select().from(siteConfig)).toEqual([]);
    expect(await opened.db.select().from(uploads)).toEqual([]);
  });

  it('seeds site config idempotently and keeps operator changes', async () => {
    await seedDatabase(opened.db);
    await opened.db.update(siteConfig).set({ value: '10:00-15:00' }).where(eq(siteConfig.name, 'deposit_time'));
    await seedDatabase(opened.db);
    const rows = await opened.db.select().from(siteConfig);
    expect(rows).toHaveLength(SITE_CONFIG_SEED.length);
    expect(rows.find((row) => row.name === 'deposit_time')?.value).toBe('10:00-15:00');
    expect(rows.find((row) => row.name === 'withdraw_min')?.value).toBe('100');
  });
});
