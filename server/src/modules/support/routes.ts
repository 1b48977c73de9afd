// The customer calls of the `support` group (docs/api/support.md §2). Every signed-in customer
// may use them: members, institution (seat) accounts and restricted customers alike (spec §1,
// §6: support is the one channel a seat account has). Forms are parsed once with the shared
// schemas; refusals travel as ApiFailure with a catalogue message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  supportAttachmentFormSchema,
  supportContactFormSchema,
  supportConversationFormSchema,
  supportMessagesFormSchema,
  supportRateFormSchema,
  supportReadFormSchema,
  supportRepayRequestFormSchema,
  supportSendFormSchema,
  supportTypingFormSchema,
} from '@kabuto/shared-sdk/schemas';
import { ApiFailure, ok } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { depositInfo, depositRequestSchema, type FundsCustomer } from '../funds';
import { currentUser, provenUserLimit, requireUser } from '../identity';
import { SUPPORT_SEND_LIMIT } from './config';
import {
  contactSupport,
  customerTyping,
  markReadByCustomer,
  messagePage,
  myAttachmentUrl,
  myConversation,
  rateConversation,
  requestDeposit,
  requestRepayment,
  sendMessage,
} from './conversations';
import { SUPPORT_API, type SupportDeps } from './deps';

function customer(request: FastifyRequest): FundsCustomer {
  const me = currentUser(request);
  return { id: me.id, account: me.account };
}

/** Per proven customer; the refusal names the limit. */
const sendRateLimit = {
  ...provenUserLimit(SUPPORT_SEND_LIMIT.max, SUPPORT_SEND_LIMIT.timeWindow),
  errorResponseBuilder: () => new ApiFailure(MSG.supportSendTooFrequent, { max: SUPPORT_SEND_LIMIT.max, perSeconds: SUPPORT_SEND_LIMIT.perSeconds }),
};

/** As credit's own repayment call: a money call per proven customer. */
const repayRateLimit = { rateLimit: provenUserLimit(30, '1 minute') };

export function originOf(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

export async function supportRoutes(app: FastifyInstance, deps: SupportDeps): Promise<void> {
  // No forbidInstitution and no restriction guard: support is open to every signed-in customer.
  const anyCustomer = [requireUser];

  app.post(
    `${SUPPORT_API}/conversation`,
    {
      preHandler: anyCustomer,
      config: { summary: 'My support conversation (created on first use): status, unread count, business hours now', form: supportConversationFormSchema },
    },
    async (request) => {
      parseRouteForm(request, supportConversationFormSchema);
      return ok(await myConversation(deps, customer(request).id));
    },
  );

  app.post(
    `${SUPPORT_API}/messages`,
    { preHandler: anyCustomer, config: { summary: 'My conversation’s messages, newest page first (beforeId, limit ≤ 50)', form: supportMessagesFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, supportMessagesFormSchema);
      return ok(await messagePage(deps, customer(request).id, form.beforeId, form.limit));
    },
  );

  app.post(
    `${SUPPORT_API}/send`,
    {
      preHandler: anyCustomer,
      config: { summary: 'Send text and/or image attachments to support (idempotent)', form: supportSendFormSchema, rateLimit: sendRateLimit },
    },
    async (request) => {
      const form = parseRouteForm(request, supportSendFormSchema);
      return ok(await sendMessage(deps, customer(request), form), MSG.supportSent);
    },
  );

  app.post(
    `${SUPPORT_API}/read`,
    { preHandler: anyCustomer, config: { summary: 'I have read support’s messages up to a message id (read receipt)', form: supportReadFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, supportReadFormSchema);
      return ok(await markReadByCustomer(deps, customer(request), form.upToId));
    },
  );

  app.post(
    `${SUPPORT_API}/typing`,
    { preHandler: anyCustomer, config: { summary: 'I started or stopped typing (live only, not stored)', form: supportTypingFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, supportTypingFormSchema);
      await customerTyping(deps, customer(request), form.typing);
      return ok(null);
    },
  );

  app.post(
    `${SUPPORT_API}/rate`,
    { preHandler: anyCustomer, config: { summary: 'Rate a resolved conversation, 1–5 stars, once per resolution', form: supportRateFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, supportRateFormSchema);
      return ok(await rateConversation(deps, customer(request), form), MSG.supportRated);
    },
  );

  app.post(
    `${SUPPORT_API}/depositInfo`,
    {
      preHandler: anyCustomer,
      config: { summary: 'The deposit channels and limits, for the deposit form in the chat (seat accounts too, whose funds calls are refused)' },
    },
    async () => ok(await depositInfo(deps.funds)),
  );

  app.post(
    `${SUPPORT_API}/depositRequest`,
    {
      preHandler: anyCustomer,
      config: { summary: 'Request a deposit through support (the funds deposit request, shown in the chat)', form: depositRequestSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, depositRequestSchema);
      return ok(await requestDeposit(deps, customer(request), form), MSG.supportDepositRequested);
    },
  );

  app.post(
    `${SUPPORT_API}/repayRequest`,
    {
      preHandler: anyCustomer,
      config: {
        ...repayRateLimit,
        summary: 'Repay part or all of my loan through support (credit’s own repayment from cash, shown in the chat; idempotent)',
        form: supportRepayRequestFormSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, supportRepayRequestFormSchema);
      return ok(await requestRepayment(deps, customer(request), form), MSG.repaySuccess);
    },
  );

  app.post(
    `${SUPPORT_API}/attachment`,
    { preHandler: anyCustomer, config: { summary: 'A short-lived signed GET URL of an attachment of my conversation', form: supportAttachmentFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, supportAttachmentFormSchema);
      return ok(await myAttachmentUrl(deps, customer(request).id, originOf(request), form.key));
    },
  );

  app.post(
    `${SUPPORT_API}/contact`,
    {
      preHandler: anyCustomer,
      config: {
        summary: 'Start or continue my conversation about a topic (restriction: adds my restrictions’ customer texts)',
        form: supportContactFormSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, supportContactFormSchema);
      return ok(await contactSupport(deps, customer(request), form.topic));
    },
  );
}
