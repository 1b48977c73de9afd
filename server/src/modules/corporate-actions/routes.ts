// The customer calls of the `dividend` group (docs/api/dividends.md §2). Forms are parsed once
// with the shared schemas; a refusal is a catalogue message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  corporateActionFormSchema,
  corporateActionsFormSchema,
  dividendAdjustmentFormSchema,
  dividendAdjustmentsFormSchema,
  dividendCalendarFormSchema,
  dividendCompanyFormSchema,
  dividendPaymentFormSchema,
  dividendReceivedFormSchema,
  perkFormSchema,
  perksFormSchema,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { currentUser, forbidInstitution, requireUser } from '../identity';
import { DIVIDEND_API, type CorporateActionsDeps } from './deps';
import { actionOfCustomer, actionsOfCustomer, adjustmentOf, adjustmentsOf, calendarOf, companyOf, paymentOf, paymentsOf, perkOf, perksOf } from './views';

const me = (request: FastifyRequest) => currentUser(request).id;

export async function dividendRoutes(app: FastifyInstance, deps: CorporateActionsDeps): Promise<void> {
  const preHandler = [requireUser, forbidInstitution];
  const route = (action: string, summary: string, form: z.ZodType, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(`${DIVIDEND_API}/${action}`, { preHandler, config: { summary, form } }, async (request) => ok(await handler(request)));

  route('calendar', 'Dividend calendar of my holdings and watchlist, with projected gross, taxes and net (simulated)', dividendCalendarFormSchema, (r) =>
    calendarOf(deps, me(r), parseRouteForm(r, dividendCalendarFormSchema).scope),
  );
  route('company', "One company's past dividends, schedule ahead, splits and perk (simulated)", dividendCompanyFormSchema, (r) =>
    companyOf(deps, me(r), parseRouteForm(r, dividendCompanyFormSchema).code),
  );
  route('received', 'My dividends (receivable and paid), newest first', dividendReceivedFormSchema, (r) =>
    paymentsOf(deps, me(r), parseRouteForm(r, dividendReceivedFormSchema)),
  );
  route('payment', "One dividend's gross, income tax, resident tax, net and postings", dividendPaymentFormSchema, (r) =>
    paymentOf(deps, me(r), parseRouteForm(r, dividendPaymentFormSchema).id),
  );
  route('adjustments', 'My margin dividend adjustments (配当落調整金), newest first', dividendAdjustmentsFormSchema, (r) =>
    adjustmentsOf(deps, me(r), parseRouteForm(r, dividendAdjustmentsFormSchema)),
  );
  route('adjustment', 'One margin dividend adjustment with its postings', dividendAdjustmentFormSchema, (r) =>
    adjustmentOf(deps, me(r), parseRouteForm(r, dividendAdjustmentFormSchema).id),
  );
  route('actions', 'Splits of issues I hold or watch (or all), newest first', corporateActionsFormSchema, (r) =>
    actionsOfCustomer(deps, me(r), parseRouteForm(r, corporateActionsFormSchema)),
  );
  route('action', 'One split: my shares before and after, orders it cancelled', corporateActionFormSchema, (r) =>
    actionOfCustomer(deps, me(r), parseRouteForm(r, corporateActionFormSchema).id),
  );
  route('perks', 'My shareholder perks (simulated, no cash value), newest first', perksFormSchema, (r) =>
    perksOf(deps, me(r), parseRouteForm(r, perksFormSchema)),
  );
  route('perk', 'One shareholder perk (simulated, no cash value)', perkFormSchema, (r) => perkOf(deps, me(r), parseRouteForm(r, perkFormSchema).id));
}
