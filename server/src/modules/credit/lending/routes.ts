// The customer calls of the `lending` group (docs/api/credit.md, "Stock lending"). Each handler
// parses its form with the shared schema; refusals travel as ApiFailure with a catalogue message.
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import {
  lendingEmptyFormSchema,
  lendingOptInFormSchema,
  lendingRatesFormSchema,
  lendingRecordsFormSchema,
  lendingSetModeFormSchema,
  type LendingModeAnswer,
} from '@kabuto/shared-sdk/schemas';
import { ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { currentUser, forbidInstitution, requireUser } from '../../identity';
import { optIn, optOut, setMode, type LendingDeps } from './service';
import { lendingRates, lendingRecords, lendingSummary } from './views';

export const LENDING_API = '/api/vue/lending';

export async function lendingRoutes(app: FastifyInstance, deps: LendingDeps, codes: () => readonly string[]): Promise<void> {
  const member = [requireUser, forbidInstitution];

  app.post(
    `${LENDING_API}/summary`,
    {
      preHandler: member,
      config: { summary: 'My stock lending: enrolment, mode, per-holding status, rates, fees and the published rules', form: lendingEmptyFormSchema },
    },
    async (request) => {
      parseRouteForm(request, lendingEmptyFormSchema);
      return ok(await lendingSummary(deps, currentUser(request).id));
    },
  );

  app.post(
    `${LENDING_API}/optIn`,
    {
      preHandler: member,
      config: { summary: 'Join stock lending once, accepting the risks shown (mode defaults to rights-first)', form: lendingOptInFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, lendingOptInFormSchema);
      const me = currentUser(request);
      await optIn(deps, me.id, form);
      return ok(await lendingSummary(deps, me.id), MSG.lendingOptedIn);
    },
  );

  app.post(
    `${LENDING_API}/setMode`,
    {
      preHandler: member,
      config: { summary: 'Choose rights-first or interest-first; applies from the next daily lending step', form: lendingSetModeFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, lendingSetModeFormSchema);
      const row = await setMode(deps, currentUser(request).id, form.mode);
      const answer: LendingModeAnswer = { mode: row.mode };
      return ok(answer, MSG.lendingModeChanged);
    },
  );

  app.post(
    `${LENDING_API}/optOut`,
    { preHandler: member, config: { summary: 'Leave stock lending: lent shares are recalled now; accrued fees are still paid', form: lendingEmptyFormSchema } },
    async (request) => {
      parseRouteForm(request, lendingEmptyFormSchema);
      const me = currentUser(request);
      await optOut(deps, me.id);
      return ok(await lendingSummary(deps, me.id), MSG.lendingOptedOut);
    },
  );

  app.post(
    `${LENDING_API}/records`,
    { preHandler: member, config: { summary: 'My daily fee accruals and monthly payments, each with its journal entry', form: lendingRecordsFormSchema } },
    async (request) => ok(await lendingRecords(deps, currentUser(request).id, parseRouteForm(request, lendingRecordsFormSchema))),
  );

  app.post(
    `${LENDING_API}/rates`,
    { preHandler: member, config: { summary: 'Published lending rate per issue with simulated demand and quotas', form: lendingRatesFormSchema } },
    async (request) => ok(await lendingRates(deps, parseRouteForm(request, lendingRatesFormSchema), codes())),
  );
}
