// Published news for customers (docs/api/market.md §5).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { rowIdSchema, type NewsDetail, type NewsPage } from '@kabuto/shared-sdk/schemas';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { MARKET_API, type MarketDeps } from '../deps';
import { articleById, publishedPage } from '../news/store';
import { newsDetail, newsItem } from '../news/views';
import { intField, langSchema } from './views';

const listForm = z.object({
  offset: intField(0, 0, 100_000),
  limit: intField(20, 1, 50),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .max(8)
    .optional()
    .transform((c) => c || undefined),
  lang: langSchema,
});
const detailForm = z.object({
  id: rowIdSchema(MSG.newsNotFound),
  lang: langSchema,
});

export async function newsRoutes(app: FastifyInstance, deps: MarketDeps): Promise<void> {
  app.post(`${MARKET_API}/news`, { config: { compress: true, firstCall: true, summary: 'Published news, newest first', form: listForm } }, async (request) => {
    const form = parseRouteForm(request, listForm);
    if (form.code && !deps.market.instrument(form.code)) throw new ApiFailure(MSG.unknownStockCode);
    const { total, rows } = await publishedPage(deps.db, form.offset, form.limit, form.code);
    return ok<NewsPage>({ total, items: rows.map((r) => newsItem(r, form.lang)) });
  });

  app.post(`${MARKET_API}/newsDetail`, { config: { compress: true, summary: 'One published news article', form: detailForm } }, async (request) => {
    const form = parseRouteForm(request, detailForm);
    const row = await articleById(deps.db, form.id);
    if (!row || row.status !== 'published') throw new ApiFailure(MSG.newsNotFound);
    return ok<NewsDetail>(newsDetail(row, form.lang));
  });
}
