// Operator side of support under /api/ops/support (docs/api/support.md §4). JSON, Bearer
// operator credential; reads for viewers, the rest for reviewers (ops/roles.ts); every change
// audited in the transaction that makes it. The live stream is server-sent events over a
// plain GET, so the console sends its Authorization header like on every other call.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  opsSupportAssignFormSchema,
  opsSupportAttachmentPolicyFormSchema,
  opsSupportAttachmentQuerySchema,
  opsSupportCannedFormSchema,
  opsSupportListQuerySchema,
  opsSupportNoteFormSchema,
  opsSupportReadFormSchema,
  opsSupportReplyFormSchema,
  opsSupportStatusFormSchema,
  opsSupportTypingFormSchema,
  rowIdSchema,
  type OpsSupportLiveEvent,
} from '@kabuto/shared-sdk/schemas';
import { ApiFailure, ok } from '../../http/envelope';
import { parseRouteForm, parseRouteParams, parseRouteQuery } from '../../http/parse-form';
import { issueUploadPolicy } from '../common';
import { currentOperator, operators, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import { SUPPORT_LIVE_KEEPALIVE_MS } from './config';
import { isAttachmentOf, signedAttachmentUrl } from './conversations';
import { OPS_SUPPORT_API, type SupportDeps } from './deps';
import {
  assignConversation,
  attachmentOwner,
  conversationDetail,
  createCanned,
  deleteCanned,
  listCanned,
  listConversations,
  markReadByOperator,
  operatorTyping,
  setConversationStatus,
  writeAsOperator,
} from './inbox';
import { originOf } from './routes';

const idParams = z.object({ id: rowIdSchema(MSG.supportConversationNotFound) });
const cannedParams = z.object({ id: rowIdSchema(MSG.supportCannedNotFound) });
const CONVERSATION = `${OPS_SUPPORT_API}/conversations/:id`;

export async function supportOpsRoutes(app: FastifyInstance, deps: SupportDeps): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);

  app.get(
    `${OPS_SUPPORT_API}/conversations`,
    { config: { summary: 'Support inbox: conversations by status, assignee, unassigned, account; latest activity first', query: opsSupportListQuerySchema } },
    async (request) => ok(await listConversations(deps, parseRouteQuery(request, opsSupportListQuerySchema))),
  );

  app.get(
    CONVERSATION,
    { config: { summary: 'One conversation: every message (private notes too) and the customer panel', params: idParams } },
    async (request) => ok(await conversationDetail(deps, parseRouteParams(request, idParams).id)),
  );

  app.post(
    `${CONVERSATION}/reply`,
    {
      config: {
        summary: 'Reply to the customer (text and/or images uploaded with this conversation’s attachment policy); the conversation then waits on the customer',
        form: opsSupportReplyFormSchema,
        params: idParams,
      },
    },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const form = parseRouteForm(request, opsSupportReplyFormSchema);
      return ok(await writeAsOperator(deps, currentOperator(request), id, form, false), MSG.supportSent);
    },
  );

  app.post(
    `${CONVERSATION}/attachments/policy`,
    {
      config: {
        summary:
          'An upload policy for one image of a reply: owned by the conversation’s customer, purpose support-attachment, private (signed URLs only), the customers’ size and type limits',
        form: opsSupportAttachmentPolicyFormSchema,
        params: idParams,
      },
    },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { key } = parseRouteForm(request, opsSupportAttachmentPolicyFormSchema);
      const owner = await attachmentOwner(deps.db, id);
      if (owner === null) throw new ApiFailure(MSG.supportConversationNotFound);
      const grant = await issueUploadPolicy({
        db: deps.db,
        clock: deps.clock,
        secret: deps.secret,
        ttlMs: deps.uploadPolicyTtlMs,
        origin: originOf(request),
        key,
        owner,
        purpose: 'support-attachment',
      });
      return ok(grant);
    },
  );

  app.post(
    `${CONVERSATION}/note`,
    {
      config: {
        summary: 'Add a private note, text and/or images (operators only; never shown to the customer)',
        form: opsSupportNoteFormSchema,
        params: idParams,
      },
    },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const form = parseRouteForm(request, opsSupportNoteFormSchema);
      return ok(await writeAsOperator(deps, currentOperator(request), id, form, true), MSG.supportNoteAdded);
    },
  );

  app.post(
    `${CONVERSATION}/assign`,
    { config: { summary: 'Assign the conversation to an operator (default: me)', form: opsSupportAssignFormSchema, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { operator } = parseRouteForm(request, opsSupportAssignFormSchema);
      return ok(await assignConversation(deps, currentOperator(request), id, operator), MSG.supportAssigned);
    },
  );

  app.post(
    `${CONVERSATION}/status`,
    { config: { summary: 'Set the status: open, waiting (on the customer) or resolved', form: opsSupportStatusFormSchema, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { status } = parseRouteForm(request, opsSupportStatusFormSchema);
      return ok(await setConversationStatus(deps, currentOperator(request), id, status), MSG.supportStatusChanged);
    },
  );

  app.post(
    `${CONVERSATION}/typing`,
    { config: { summary: 'The operator started or stopped typing (live only, not stored)', form: opsSupportTypingFormSchema, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { typing } = parseRouteForm(request, opsSupportTypingFormSchema);
      await operatorTyping(deps, id, typing);
      return ok(null);
    },
  );

  app.post(
    `${CONVERSATION}/read`,
    { config: { summary: 'Operators have read the customer’s messages up to a message id (read receipt)', form: opsSupportReadFormSchema, params: idParams } },
    async (request) => {
      const { id } = parseRouteParams(request, idParams);
      const { upToId } = parseRouteForm(request, opsSupportReadFormSchema);
      return ok(await markReadByOperator(deps, id, upToId));
    },
  );

  app.get(`${OPS_SUPPORT_API}/canned`, { config: { summary: 'Canned replies' } }, async () => ok(await listCanned(deps)));

  app.post(`${OPS_SUPPORT_API}/canned`, { config: { summary: 'Add a canned reply', form: opsSupportCannedFormSchema } }, async (request) => {
    const form = parseRouteForm(request, opsSupportCannedFormSchema);
    return ok(await createCanned(deps, currentOperator(request), form), MSG.supportCannedCreated);
  });

  app.post(`${OPS_SUPPORT_API}/canned/:id/delete`, { config: { summary: 'Delete a canned reply', params: cannedParams } }, async (request) => {
    const { id } = parseRouteParams(request, cannedParams);
    await deleteCanned(deps, currentOperator(request), id);
    return ok(null, MSG.supportCannedDeleted);
  });

  app.get(
    `${OPS_SUPPORT_API}/attachments/url`,
    { config: { summary: 'A short-lived signed GET URL of a support attachment; each is audited', query: opsSupportAttachmentQuerySchema } },
    async (request) => {
      const { key } = parseRouteQuery(request, opsSupportAttachmentQuerySchema);
      const conversationId = await isAttachmentOf(deps.db, null, key, true);
      const owner = conversationId === null ? null : await attachmentOwner(deps.db, conversationId);
      if (conversationId === null) throw new ApiFailure(MSG.supportAttachmentNotFound);
      await writeAudit(deps.db, deps.clock, currentOperator(request), {
        action: 'support.attachment.view',
        targetUserId: owner,
        reason: null,
        details: { key, conversationId },
      });
      return ok(signedAttachmentUrl(deps, originOf(request), key));
    },
  );

  // ---- live stream ---------------------------------------------------------------------
  const streams = new Set<() => void>();
  // Open streams are never idle, so the server would wait for them on close: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    `${OPS_SUPPORT_API}/live`,
    {
      config: {
        summary: 'Support events for operator consoles (server-sent events: one `data: <JSON>` line per event, a keep-alive comment every 15 s)',
        plainAnswer: 'text/event-stream; each event is `data: OpsSupportLiveEvent` (docs/api/support.md §4).',
      },
    },
    async (request, reply) => {
      const operator = currentOperator(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      raw.write(': support live\n\n');
      const send = (event: OpsSupportLiveEvent) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = deps.live.subscribe(send);
      // A retired operator's stream ends at the next keep-alive.
      const timer = setInterval(() => {
        deps.db
          .select({ id: operators.id })
          .from(operators)
          .where(and(eq(operators.id, operator.id), isNull(operators.retiredAt), eq(operators.state, 'active')))
          .limit(1)
          .then((rows) => (rows.length === 0 ? end() : raw.write(': keep-alive\n\n')))
          .catch(() => end());
      }, SUPPORT_LIVE_KEEPALIVE_MS);
      timer.unref();
      let ended = false;
      function end(): void {
        if (ended) return;
        ended = true;
        clearInterval(timer);
        unsubscribe();
        streams.delete(end);
        raw.end();
      }
      streams.add(end);
      request.raw.on('close', end);
    },
  );
}
