// The operator's news calls under /api/ops/news (docs/api/market.md §7): JSON, Bearer
// operator credential (the ops module's guard), every change audited in its transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { rowIdSchema } from '@kabuto/shared-sdk/schemas';
import type { LocalisedText } from '../../db/columns';
import { ApiFailure, ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { currentOperator, OPS_API, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import { jstDateKey, nextBusinessDay } from './rules/calendar';
import type { MarketDeps } from './deps';
import { marketShocks, NEWS_STATUSES, type NewsStatus } from './schema';
import { articleById, createArticle, listAll, setArticleStatus } from './news/store';
import { operatorNewsView } from './news/views';
import type { ShockFollower } from './shocks/follow';

const LANGS = ['tw', 'jp', 'en'] as const;
const TITLE_MAX = 200;
const BODY_MAX = 50_000;

function localisedInput(maxChars: number, required: MessageKey) {
  return z.union(
    [
      z.string().max(maxChars, { error: MSG.invalidParams }),
      z.object({ tw: z.string().max(maxChars).optional(), jp: z.string().max(maxChars).optional(), en: z.string().max(maxChars).optional() }),
    ],
    { error: required },
  );
}

/** One text for every language, or per language with the missing ones falling back tw → jp → en. */
export function toLocalised(value: string | Partial<LocalisedText>, lang: keyof LocalisedText | undefined): LocalisedText | null {
  const given: Partial<LocalisedText> = typeof value === 'string' ? (lang ? { [lang]: value } : { tw: value, jp: value, en: value }) : value;
  const first = LANGS.map((l) => given[l]?.trim()).find((t) => t);
  if (!first) return null;
  return { tw: given.tw?.trim() || first, jp: given.jp?.trim() || first, en: given.en?.trim() || first };
}

const createBody = z.object({
  title: localisedInput(TITLE_MAX, MSG.newsTitleRequired),
  body: localisedInput(BODY_MAX, MSG.newsBodyRequired),
  summary: localisedInput(500, MSG.invalidParams).optional(),
  source: z.string().trim().max(100).optional(),
  codes: z.array(z.string().trim().toUpperCase().max(8)).max(20).optional().default([]),
  lang: z.enum(LANGS).optional(),
  publish: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional()
    .default(false),
  reason: z.string().trim().max(500).optional(),
});
const idParams = z.object({ id: rowIdSchema(MSG.newsNotFound) });
const shockBody = z.object({
  code: z
    .string({ error: MSG.productNotFound })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{4}$/, { error: MSG.productNotFound }),
  percent: z.coerce
    .number({ error: MSG.invalidParams })
    .int({ error: MSG.invalidParams })
    .min(-50, { error: MSG.invalidParams })
    .max(50, { error: MSG.invalidParams })
    .refine((p) => p !== 0, { error: MSG.invalidParams }),
  reason: z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500),
});
const optionalReason = z.object({ reason: z.string().trim().max(500).optional() });
const newsStatusQuery = z.object({ status: z.enum(NEWS_STATUSES).optional() });
const requiredReason = z.object({ reason: z.string({ error: MSG.reasonRequired }).trim().min(1, { error: MSG.reasonRequired }).max(500) });

export const DEFAULT_NEWS_SOURCE = 'Kabuto';

export async function newsOpsRoutes(app: FastifyInstance, deps: MarketDeps, shocks: ShockFollower): Promise<void> {
  const { db, clock } = deps;
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  // A controlled, simulated price move for demos and journeys (docs/api/market.md §8): the next
  // business day's close of one issue moves by `percent` on top of its own move, so the day after
  // opens on a previous close that far away. Demo clock only; audited.
  app.post(
    `${OPS_API}/market/shock`,
    { config: { summary: 'Simulated price shock: move the next business day’s close of one issue by a percent (demo clock only)', form: shockBody } },
    async (request) => {
      const form = parseRouteForm(request, shockBody);
      const businessClock = request.server.businessClock;
      if (businessClock.mode === 'real') throw new ApiFailure(MSG.clockRealCalendar, { mode: businessClock.mode });
      const simulator = request.server.market.market.simulator;
      if (!simulator.universe.byCode(form.code)) throw new ApiFailure(MSG.productNotFound, { code: form.code });
      const date = nextBusinessDay(jstDateKey(businessClock.now()));
      const path = simulator.path(form.code);
      const before = path.basePrice(nextBusinessDay(date));
      // Written with its audit row before the path moves, so every process and every restart
      // applies it (shocks/follow.ts); the close it moves to is read from the path shocked and restored.
      const after = path.whatIfShocked(date, 1 + form.percent / 100, (shocked) => shocked.basePrice(nextBusinessDay(date)));
      const row = await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(marketShocks)
          .values({ code: form.code, date, percent: form.percent, createdAt: clock.now() })
          .returning({ id: marketShocks.id, code: marketShocks.code, date: marketShocks.date, percent: marketShocks.percent });
        if (!written) throw new Error('market shock not written');
        await writeAudit(tx, clock, currentOperator(request), {
          action: 'market.shock',
          targetUserId: null,
          reason: form.reason,
          details: { code: form.code, date, percent: form.percent, previousCloseBefore: before, previousCloseAfter: after },
        });
        return written;
      });
      shocks.apply(row);
      return ok({
        code: form.code,
        date,
        percent: form.percent,
        previousCloseOn: nextBusinessDay(date),
        previousCloseBefore: before,
        previousCloseAfter: after,
        simulated: true as const,
      });
    },
  );

  app.post('/api/ops/news', { config: { summary: 'Create a news article (draft, or published at once)', form: createBody } }, async (request) => {
    const form = parseRouteForm(request, createBody);
    const title = toLocalised(form.title, form.lang);
    if (!title) throw new ApiFailure(MSG.newsTitleRequired);
    const body = toLocalised(form.body, form.lang);
    if (!body) throw new ApiFailure(MSG.newsBodyRequired);
    const summary = form.summary === undefined ? undefined : (toLocalised(form.summary, form.lang) ?? undefined);
    const unknown = form.codes.filter((c) => !deps.market.instrument(c));
    if (unknown.length > 0) throw new ApiFailure(MSG.unknownStockCode, { codes: unknown });
    const operator = currentOperator(request);
    const row = await db.transaction(async (tx) => {
      const created = await createArticle(
        tx,
        clock,
        { title, body, summary, source: form.source || DEFAULT_NEWS_SOURCE, codes: [...new Set(form.codes)], sample: false },
        operator.name,
        form.publish,
      );
      await writeAudit(tx, clock, operator, {
        action: 'news.create',
        targetUserId: null,
        reason: form.reason ?? null,
        details: { newsId: created.id, status: created.status, title: created.title.en },
      });
      return created;
    });
    return ok(operatorNewsView(row));
  });

  app.get('/api/ops/news', { config: { summary: 'All news articles, optionally by status', query: newsStatusQuery } }, async (request) => {
    const { status } = parseRouteQuery(request, newsStatusQuery);
    return ok((await listAll(db, status)).map(operatorNewsView));
  });

  async function transition(request: FastifyRequest, from: readonly NewsStatus[], to: NewsStatus, reasonRequired: boolean) {
    const { id } = parseRouteParams(request, idParams);
    const { reason } = parseRouteForm(request, reasonRequired ? requiredReason : optionalReason);
    return { id, reason: reason ?? null, from, to };
  }

  for (const [action, from, to, reasonRequired, summary] of [
    ['publish', ['draft', 'withdrawn'], 'published', false, 'Publish a draft or withdrawn article'],
    ['withdraw', ['published'], 'withdrawn', true, 'Withdraw a published article with a reason'],
  ] as const) {
    const form = reasonRequired ? requiredReason : optionalReason;
    app.post(`/api/ops/news/:id/${action}`, { config: { summary, params: idParams, form } }, async (request) => {
      const t = await transition(request, from, to, reasonRequired);
      const operator = currentOperator(request);
      const row = await db.transaction(async (tx) => {
        const current = await articleById(tx, t.id);
        if (!current) throw new ApiFailure(MSG.newsNotFound);
        if (current.status === 'published' && to === 'published') throw new ApiFailure(MSG.newsAlreadyPublished);
        const changed = await setArticleStatus(tx, clock, t.id, t.from, t.to);
        if (!changed) throw new ApiFailure(MSG.newsNotFound);
        await writeAudit(tx, clock, operator, { action: `news.${action}`, targetUserId: null, reason: t.reason, details: { newsId: t.id, status: t.to } });
        return changed;
      });
      return ok(operatorNewsView(row));
    });
  }
}
