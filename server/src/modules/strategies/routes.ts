// The customer calls of the `strategy` group (docs/strategies.md). Each handler parses its form with
// the shared schema; refusals travel as ApiFailure with a catalogue message, the rule and the figure.
import type { FastifyInstance } from 'fastify';
import {
  followFormSchema,
  followPreviewFormSchema,
  followingIdFormSchema,
  followingListFormSchema,
  stopFollowingFormSchema,
  strategyIdFormSchema,
  strategyListFormSchema,
  strategyOptInFormSchema,
  type FollowingPage,
  type StrategyDetailView,
  type StrategyPage,
  type StrategyVerifyView,
} from '@kabuto/shared-sdk/schemas';
import { z } from 'zod';
import { ok, pageOfAll } from '../../http/envelope';
import { parseRouteForm } from '../../http/parse-form';
import { toMoney } from '../funds';
import { currentUser, forbidInstitution, provenUserLimit, requireNotRestricted, requireUser } from '../identity';
import { strategyRuleSources } from './config';
import { STRATEGY_API, type StrategiesDeps } from './deps';
import { followingView, follow, myFollowings, preview, setPaused, stopFollowing } from './following/following';
import { strategyHoldings } from './leaders/holdings';
import { listStrategies, optIn, retire, strategyById, strategyView } from './leaders/leaders';
import { checkStrategy } from './records/verify';

const emptyForm = z.object({});
// Records are stored per business date (records/stored.ts), but a read still recomputes those whose
// leader has a new fill or posting and reads every following's copied positions for the followers'
// results: a customer may not make the server do that without bound.
const recordReadLimit = { rateLimit: provenUserLimit(30, '1 minute') };

export async function strategyRoutes(app: FastifyInstance, deps: StrategiesDeps): Promise<void> {
  const member = [requireUser, forbidInstitution];
  const trader = [requireUser, forbidInstitution, requireNotRestricted('trade')];

  app.post(
    `${STRATEGY_API}/rules`,
    { preHandler: member, config: { summary: 'The published rules of strategies and following, with sources (simulated venue)', form: emptyForm } },
    async () =>
      ok({
        minimumFollow: toMoney('JPY', deps.config.minimumFollowYen),
        stopLoss: deps.config.stopLoss,
        leader: deps.config.leader,
        fee: deps.config.fee,
        profitShare: deps.config.profitShare,
        followerResultsMinimum: deps.config.followerResultsMinimum,
        copierPause: deps.config.copierPause,
        riskBands: deps.config.riskBands,
        sources: strategyRuleSources(deps.config),
        simulated: true,
      }),
  );

  app.post(
    `${STRATEGY_API}/list`,
    {
      preHandler: member,
      config: { ...recordReadLimit, summary: 'Every strategy, retired ones included, with its record from venue fills', form: strategyListFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, strategyListFormSchema);
      const filter = { sort: form.sort, riskMax: form.riskMax, includeRetired: form.includeRetired };
      const answer: StrategyPage = pageOfAll(await listStrategies(deps, filter), form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${STRATEGY_API}/detail`,
    { preHandler: member, config: { ...recordReadLimit, summary: 'One strategy and its record', form: strategyIdFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, strategyIdFormSchema);
      const row = await strategyById(deps.db, form.id);
      const answer: StrategyDetailView = { ...(await strategyView(deps, deps.db, row)), holdings: await strategyHoldings(deps, deps.db, row.leaderId) };
      return ok(answer);
    },
  );

  app.post(
    `${STRATEGY_API}/verify`,
    {
      preHandler: member,
      config: {
        ...recordReadLimit,
        summary: 'Recompute a strategy’s record and its followers’ mirrored sizes from the fills: match or mismatch per line',
        form: strategyIdFormSchema,
      },
    },
    async (request) => {
      const form = parseRouteForm(request, strategyIdFormSchema);
      const published = await strategyView(deps, deps.db, await strategyById(deps.db, form.id));
      const check = await checkStrategy(deps.db, form.id, deps.businessClock.now(), deps.config);
      const answer: StrategyVerifyView = {
        strategyId: form.id,
        recomputed: check.record,
        published: published.record,
        lines: check.lines,
        match: check.match,
        simulated: true,
      };
      return ok(answer);
    },
  );

  app.post(
    `${STRATEGY_API}/optIn`,
    { preHandler: trader, config: { summary: 'Publish my trading as a strategy (eligibility by the published rules)', form: strategyOptInFormSchema } },
    async (request) => optIn(deps, currentUser(request), parseRouteForm(request, strategyOptInFormSchema)),
  );

  app.post(
    `${STRATEGY_API}/retire`,
    { preHandler: trader, config: { summary: 'Retire my strategy (it stays listed; its followings end)', form: emptyForm } },
    async (request) => retire(deps, currentUser(request)),
  );

  app.post(
    `${STRATEGY_API}/preview`,
    {
      preHandler: member,
      config: { summary: 'The follow form’s preview: minimum, published fee with a worked example, sizing ratio', form: followPreviewFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, followPreviewFormSchema);
      return ok(await preview(deps, currentUser(request).id, form));
    },
  );

  app.post(
    `${STRATEGY_API}/follow`,
    { preHandler: trader, config: { summary: 'Follow a strategy with an amount until a deadline (fund password, idempotency key)', form: followFormSchema } },
    async (request) => follow(deps, currentUser(request), parseRouteForm(request, followFormSchema)),
  );

  app.post(
    `${STRATEGY_API}/followings`,
    { preHandler: member, config: { summary: 'My followings, in progress or ended', form: followingListFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, followingListFormSchema);
      const answer: FollowingPage = pageOfAll(await myFollowings(deps, currentUser(request).id, form.status), form.page, form.size);
      return ok(answer);
    },
  );

  app.post(
    `${STRATEGY_API}/following`,
    { preHandler: member, config: { summary: 'One following with its mirrored orders and their slippage', form: followingIdFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, followingIdFormSchema);
      return ok(await followingView(deps, form.id, currentUser(request).id));
    },
  );

  app.post(
    `${STRATEGY_API}/pause`,
    { preHandler: trader, config: { summary: 'Pause a following (no new mirrored orders)', form: followingIdFormSchema } },
    async (request) => setPaused(deps, currentUser(request).id, parseRouteForm(request, followingIdFormSchema).id, true),
  );

  app.post(`${STRATEGY_API}/resume`, { preHandler: trader, config: { summary: 'Resume a paused following', form: followingIdFormSchema } }, async (request) =>
    setPaused(deps, currentUser(request).id, parseRouteForm(request, followingIdFormSchema).id, false),
  );

  app.post(
    `${STRATEGY_API}/stop`,
    { preHandler: trader, config: { summary: 'Stop following: close the copied positions at market, or keep them', form: stopFollowingFormSchema } },
    async (request) => {
      const form = parseRouteForm(request, stopFollowingFormSchema);
      return stopFollowing(deps, currentUser(request).id, form.id, form.positions);
    },
  );
}
