// Identity verification (bandCard page): submit, status (docs/api/identity.md §6).
// unverified → under_review → verified | rejected(reason) → resubmit after rejection.
import type { FastifyInstance } from 'fastify';
import { MSG } from '@kabuto/shared-sdk/messages';
import { realNameSubmitFormSchema, type RealNameStatus } from '@kabuto/shared-sdk/schemas';
import { claimUpload } from '../../common';
import { identityVerifications, type IdentityVerificationRow } from '../schema';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteForm } from '../../../http/parse-form';
import { USER_API, type IdentityDeps } from '../deps';
import { currentUser, forbidInstitution, requireUser } from '../guards';
import { latestVerification } from '../user-info';
import { forgetUserInfo } from '../user-info-cache';
import { isUniqueViolation } from '../../../db/errors';

/** 'AB1234567' → 'AB*****67': enough to recognise, not enough to reuse. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 4) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 2)}${'*'.repeat(idNumber.length - 4)}${idNumber.slice(-2)}`;
}

export function realNameStatusOf(row: IdentityVerificationRow | undefined): RealNameStatus {
  if (!row) {
    return {
      state: 'unverified',
      rejectReason: null,
      realName: null,
      nameKana: null,
      idNumberMasked: null,
      docType: null,
      submittedAt: null,
      reviewedAt: null,
    };
  }
  return {
    state: row.state,
    rejectReason: row.state === 'rejected' ? row.rejectReason : null,
    realName: row.realName,
    nameKana: row.nameKana,
    idNumberMasked: maskIdNumber(row.idNumber),
    docType: row.docType,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function kycRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { db, clock } = deps;

  app.post(
    `${USER_API}/realNameSubmit`,
    {
      preHandler: [requireUser, forbidInstitution],
      config: { summary: 'Submit identity verification (name, ID number, document photos)', form: realNameSubmitFormSchema },
    },
    async (request) => {
      const form = parseRouteForm(request, realNameSubmitFormSchema);
      if (form.backKey !== undefined && form.frontKey === form.backKey) throw new ApiFailure(MSG.idPhotosRequired);
      const me = currentUser(request);
      const current = await latestVerification(db, me.id);
      if (current && current.state !== 'rejected') throw new ApiFailure(MSG.realNameAlreadySubmitted);
      let row: IdentityVerificationRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          // Each photo must be this user's own upload, made for its side, never used before
          // (the foreign keys also keep dangling keys out). One answer for every refusal.
          const now = clock.now();
          const front = await claimUpload(tx, { key: form.frontKey, owner: me.id, purpose: 'kyc-front', now });
          const back = form.backKey === undefined ? true : await claimUpload(tx, { key: form.backKey, owner: me.id, purpose: 'kyc-back', now });
          if (!front || !back) throw new ApiFailure(MSG.uploadNotFound);
          const [inserted] = await tx
            .insert(identityVerifications)
            .values({
              userId: me.id,
              realName: form.realName,
              nameKana: form.nameKana,
              idNumber: form.idNumber,
              docType: form.docType,
              frontKey: form.frontKey,
              backKey: form.backKey ?? null,
              state: 'under_review',
              submittedAt: now,
            })
            .returning();
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiFailure(MSG.realNameAlreadySubmitted);
        throw error;
      }
      forgetUserInfo(me.id);
      request.server.userEvents.publish(me.id, { event: 'verification', data: { state: 'under_review' } });
      return ok(realNameStatusOf(row), MSG.realNameSubmitted);
    },
  );

  app.post(
    `${USER_API}/realNameStatus`,
    { preHandler: [requireUser, forbidInstitution], config: { summary: 'State of identity verification' } },
    async (request) => {
      return ok(realNameStatusOf(await latestVerification(db, currentUser(request).id)));
    },
  );
}
