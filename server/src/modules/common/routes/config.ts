// POST /api/vue/common/config (spec §7 "Load site config"): the site config entries,
// looked up by name on the client, each with an English title and a _zh variant.
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { siteConfig } from '../schema';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';

export interface SiteConfigEntry {
  name: string;
  value: string;
  title: string;
  title_zh: string;
}

// The spec shows only type=all; other types are not offered.
const configForm = z.object({ type: z.literal('all') });

export async function configRoute(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.post('/api/vue/common/config', { config: { summary: 'Site configuration entries (type=all)', form: configForm } }, async (request) => {
    parseRouteForm(request, configForm);
    const rows = await opts.db
      .select({ name: siteConfig.name, value: siteConfig.value, title: siteConfig.title, title_zh: siteConfig.titleZh })
      .from(siteConfig)
      .orderBy(asc(siteConfig.sort), asc(siteConfig.name));
    const entries: SiteConfigEntry[] = rows;
    return ok(entries);
  });
}
