// Site messages: list, unread count, detail (marks read), mark read (docs/api/identity.md §7).
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { rowIdSchema, type SiteMessageDetail, type SiteMessageItem, type SiteMessagePage } from '@kabuto/shared-sdk/schemas';
import { type LocalisedText } from '../../../db/columns';
import { siteMessages } from '../schema';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { USER_API, type IdentityDeps } from '../deps';
import { currentUser, requireUser } from '../guards';
import { unreadCount } from '../user-info';
import { forgetUserInfo } from '../user-info-cache';

const langSchema = z
  .enum(['tw', 'jp', 'en', 'hi', 'id'])
  .optional()
  .catch(undefined)
  .transform((lang): keyof LocalisedText => (lang === undefined ? 'tw' : lang === 'hi' || lang === 'id' ? 'en' : lang));

const pageForm = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(50).optional().default(20),
  lang: langSchema,
});
const messageIdSchema = rowIdSchema(MSG.messageNotFound);
const detailForm = z.object({ id: messageIdSchema, lang: langSchema });
const readForm = z.object({
  id: messageIdSchema.optional(),
  all: z.enum(['1', 'true']).optional(),
});

const SUMMARY_CHARS = 60;

export async function messageRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { db, clock } = deps;

  app.post(`${USER_API}/messages`, { preHandler: requireUser, config: { summary: 'Site messages, newest first', form: pageForm } }, async (request) => {
    const form = parseRouteForm(request, pageForm);
    const me = currentUser(request);
    const [rows, [total], unread] = await Promise.all([
      db
        .select()
        .from(siteMessages)
        .where(eq(siteMessages.userId, me.id))
        .orderBy(desc(siteMessages.createdAt), desc(siteMessages.id))
        .limit(form.pageSize)
        .offset((form.page - 1) * form.pageSize),
      db.select({ n: count() }).from(siteMessages).where(eq(siteMessages.userId, me.id)),
      unreadCount(db, me.id),
    ]);
    const list: SiteMessageItem[] = rows.map((row) => {
      const body = row.body[form.lang];
      return {
        id: row.id,
        kind: row.kind,
        title: row.title[form.lang],
        summary: body.length > SUMMARY_CHARS ? `${body.slice(0, SUMMARY_CHARS)}…` : body,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      };
    });
    const page: SiteMessagePage = { list, total: total?.n ?? 0, page: form.page, pageSize: form.pageSize, unread };
    return ok(page);
  });

  app.post(`${USER_API}/messageUnread`, { preHandler: requireUser, config: { summary: 'Number of unread site messages' } }, async (request) => {
    return ok({ unread: await unreadCount(db, currentUser(request).id) });
  });

  app.post(
    `${USER_API}/messageDetail`,
    { preHandler: requireUser, config: { summary: 'One site message (marks it read)', form: detailForm } },
    async (request) => {
      const form = parseRouteForm(request, detailForm);
      const me = currentUser(request);
      const [row] = await db
        .select()
        .from(siteMessages)
        .where(and(eq(siteMessages.id, form.id), eq(siteMessages.userId, me.id)))
        .limit(1);
      if (!row) throw new ApiFailure(MSG.messageNotFound);
      const readAt = row.readAt ?? clock.now();
      if (row.readAt === null) {
        await db.update(siteMessages).set({ readAt }).where(eq(siteMessages.id, row.id));
        forgetUserInfo(me.id);
      }
      const detail: SiteMessageDetail = {
        id: row.id,
        kind: row.kind,
        title: row.title[form.lang],
        body: row.body[form.lang],
        createdAt: row.createdAt.toISOString(),
        readAt: readAt.toISOString(),
      };
      return ok(detail);
    },
  );

  app.post(
    `${USER_API}/messageRead`,
    { preHandler: requireUser, config: { summary: 'Mark one or all site messages read', form: readForm } },
    async (request) => {
      const form = parseRouteForm(request, readForm);
      const me = currentUser(request);
      const unreadOfMine = and(eq(siteMessages.userId, me.id), isNull(siteMessages.readAt));
      if (form.all !== undefined) {
        await db.update(siteMessages).set({ readAt: clock.now() }).where(unreadOfMine);
      } else if (form.id !== undefined) {
        const [row] = await db
          .select({ id: siteMessages.id })
          .from(siteMessages)
          .where(and(eq(siteMessages.id, form.id), eq(siteMessages.userId, me.id)))
          .limit(1);
        if (!row) throw new ApiFailure(MSG.messageNotFound);
        await db
          .update(siteMessages)
          .set({ readAt: clock.now() })
          .where(and(eq(siteMessages.id, form.id), isNull(siteMessages.readAt)));
      } else {
        throw new ApiFailure(MSG.messageNotFound);
      }
      forgetUserInfo(me.id);
      return ok({ unread: await unreadCount(db, me.id) });
    },
  );
}
