// Operator side of the upload target: a reviewer opens a customer's private image (ID
// photos, deposit proofs) through the ops API with the operator credential, and every
// opening is written to the audit trail (who looked at whose document, when).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { ApiFailure } from '../../http/envelope';
import { parseRouteParams } from '../../http/parse-form';
import { currentOperator, OPS_API, registerOperatorDecoration, requireOperator, writeAudit } from '../ops';
import { sendObject } from './routes/upload';
import { uploads } from './schema';
import { UPLOAD_KEY_PREFIX } from './upload/policy';
import { UploadStorage } from './upload/storage';
import { kindOfKey } from './upload/verify';

const objectParams = z.object({
  name: z.string().refine((name) => kindOfKey(`${UPLOAD_KEY_PREFIX}${name}`) !== null, { error: MSG.uploadNotFound }),
});

export async function uploadOpsRoutes(app: FastifyInstance, opts: { db: Database; clock: Clock; dataDir: string }): Promise<void> {
  registerOperatorDecoration(app);
  app.addHook('preHandler', requireOperator);
  const storage = new UploadStorage(opts.dataDir);

  app.get(
    `${OPS_API}/uploads/imgs/:name`,
    {
      config: {
        summary: "A customer's private uploaded image (ID photo, deposit proof); each opening is audited",
        plainAnswer: 'The image bytes with Cache-Control: private, no-store; a missing object is an envelope with status 0.',
        params: objectParams,
      },
    },
    async (request, reply) => {
      const key = `${UPLOAD_KEY_PREFIX}${parseRouteParams(request, objectParams).name}`;
      const [row] = await opts.db.select({ owner: uploads.ownerUserId, purpose: uploads.purpose }).from(uploads).where(eq(uploads.key, key)).limit(1);
      if (!row) throw new ApiFailure(MSG.uploadNotFound);
      await writeAudit(opts.db, opts.clock, currentOperator(request), {
        action: 'upload.view',
        targetUserId: row.owner,
        reason: null,
        details: { key, purpose: row.purpose },
      });
      return sendObject(reply, storage, opts.db, key);
    },
  );
}
