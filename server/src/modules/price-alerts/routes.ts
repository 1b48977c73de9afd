// The customer calls of the `alerts` group (docs/api/price-alerts.md). Forms are parsed once with
// the shared schemas; refusals travel as ApiFailure with a catalogue message. After a committed
// change the watcher is told, so the tape is checked against the new rule from the next trade.
import type { FastifyInstance } from 'fastify';
import {
  priceAlertCreateFormSchema,
  priceAlertDeleteFormSchema,
  priceAlertListFormSchema,
  priceAlertUpdateFormSchema,
  type PriceAlertList,
  type PriceAlertView,
} from '@kabuto/shared-sdk/schemas';
import { MSG } from '@kabuto/shared-sdk/messages';
import { ok } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { currentUser, forbidInstitution, requireUser } from '../identity';
import { createAlert, deleteAlert, listAlerts, updateAlert, viewOf } from './alerts';
import { ALERTS_API, type PriceAlertsDeps } from './deps';
import type { AlertWatcher } from './watcher';

export async function priceAlertRoutes(app: FastifyInstance, deps: PriceAlertsDeps, watcher: AlertWatcher): Promise<void> {
  const member = [requireUser, forbidInstitution];

  app.post(
    `${ALERTS_API}/list`,
    {
      preHandler: member,
      config: { summary: 'My price alerts (all, or one stock’s) with state, fired time and price, and the published limits', form: priceAlertListFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, priceAlertListFormSchema);
      const answer: PriceAlertList = await listAlerts(deps, currentUser(request).id, form.code);
      return ok(answer);
    },
  );

  app.post(
    `${ALERTS_API}/create`,
    {
      preHandler: member,
      config: { summary: 'Set a price alert: above / below a price, or a % move from the previous close (simulated venue)', form: priceAlertCreateFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, priceAlertCreateFormSchema);
      const row = await createAlert(deps, currentUser(request).id, form);
      watcher.arm(row);
      const answer: PriceAlertView = viewOf(deps, row);
      return ok(answer, MSG.priceAlertCreated);
    },
  );

  app.post(
    `${ALERTS_API}/update`,
    { preHandler: member, config: { summary: 'Change an alert’s rule: it becomes active again, armed from now', form: priceAlertUpdateFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, priceAlertUpdateFormSchema);
      const row = await updateAlert(deps, currentUser(request).id, form);
      watcher.arm(row);
      const answer: PriceAlertView = viewOf(deps, row);
      return ok(answer, MSG.priceAlertUpdated);
    },
  );

  app.post(
    `${ALERTS_API}/delete`,
    { preHandler: member, config: { summary: 'Delete one of my alerts', form: priceAlertDeleteFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, priceAlertDeleteFormSchema);
      await deleteAlert(deps, currentUser(request).id, form.id);
      watcher.disarm(form.id);
      return ok(null, MSG.priceAlertDeleted);
    },
  );
}
