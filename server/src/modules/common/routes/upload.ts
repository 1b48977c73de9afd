// The embedded upload target (ARCHITECTURE §5 "Uploads"), shaped like a private S3/OSS
// bucket: GET /api/common/upload hands a logged-in user a POST policy bound to them, one
// purpose and one key; the multipart POST at /uploads/ records owner and purpose; stored
// objects are private and served only through short-lived signed GET URLs
// (/uploads/signed/<expires>/<signature>/<key>) issued to the owner, and to operators by
// the audited ops API (ops-routes.ts).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MSG } from '@kabuto/shared-sdk/messages';
import { currentUser, provenUserLimit, requireUser } from '../../identity';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { uploads } from '../schema';
import { ApiFailure, ok } from '../../../http/envelope';
import { parseRouteQuery } from '../../../http/parse-form';
import { IMAGE_CONTENT_TYPES } from '../upload/image-sniff';
import { issueUploadPolicy } from '../upload/issue';
import { UPLOAD_KEY_PREFIX, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPolicyGrant } from '../upload/policy';
import { SIGNED_PATH, signedObjectPath, signedPathValid } from '../upload/signed-url';
import { UploadStorage } from '../upload/storage';
import { type AuthorisedUpload, authoriseUpload, checkImage, kindOfKey, type UploadFormFields, type UploadRefusal } from '../upload/verify';

export interface UploadRoutesOptions {
  db: Database;
  clock: Clock;
  dataDir: string;
  secret: string;
  /** Lifetime of a handed-out upload policy; defaults to POLICY_TTL_MS. */
  uploadPolicyTtlMs?: number;
}

/** One file, the policy's few fields, each short. */
const FORM_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 16, fieldSize: 8 * 1024, parts: 17 };

const FORM_FIELDS = ['key', 'policy', 'OSSAccessKeyId', 'signature', 'success_action_status'] as const;

/** The upload target is reached without a session (the policy is the credential): per address. */
const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
/** Policies and signed URLs: per logged-in user. */
const POLICY_RATE_LIMIT = provenUserLimit(120, '1 minute');

const uploadKeySchema = z.string().refine((key) => kindOfKey(key) !== null, { error: MSG.invalidParams });
const policyQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES, { error: MSG.invalidParams }), key: uploadKeySchema });
const objectUrlQuery = z.object({ key: uploadKeySchema });

/** Answers of private objects: never stored by a shared cache, nor kept by the browser. */
const PRIVATE_CACHE = 'private, no-store';

function sendRefusal(reply: FastifyReply, refusal: UploadRefusal): FastifyReply {
  return reply.code(refusal.httpStatus).send({ code: refusal.code, message: refusal.message });
}

/** OSS answers 204 unless the form asks for 200 or 201 (the spec's client asks for 200). */
function successStatus(requested: string | undefined): 200 | 201 | 204 {
  if (requested === '200') return 200;
  if (requested === '201') return 201;
  return 204;
}

/** Reads a file part to the end, so the request is consumed whatever we decide. */
async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function drain(stream: AsyncIterable<Buffer>): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

export async function uploadRoutes(app: FastifyInstance, opts: UploadRoutesOptions): Promise<void> {
  // Only this context parses multipart forms: the plugin adds three async hooks to every
  // route of the context it is registered in. Elsewhere a multipart body is a 415 (bad input).
  await app.register(multipart, { limits: FORM_LIMITS });
  const storage = new UploadStorage(opts.dataDir);

  const origin = (request: { protocol: string; host: string }): string => `${request.protocol}://${request.host}`;
  const signedUrl = (request: { protocol: string; host: string }, key: string): string =>
    `${origin(request)}${signedObjectPath({ secret: opts.secret, key, now: opts.clock.now() })}`;

  app.get(
    '/api/common/upload',
    {
      preHandler: requireUser,
      config: {
        summary: 'Upload policy for one key and purpose, bound to the logged-in user (POST-policy image upload)',
        query: policyQuery,
        rateLimit: POLICY_RATE_LIMIT,
      },
    },
    async (request) => {
      const query = parseRouteQuery(request, policyQuery);
      const grant: UploadPolicyGrant = await issueUploadPolicy({
        db: opts.db,
        clock: opts.clock,
        secret: opts.secret,
        ttlMs: opts.uploadPolicyTtlMs,
        origin: origin(request),
        key: query.key,
        owner: currentUser(request).id,
        purpose: query.purpose,
      });
      return ok(grant);
    },
  );

  app.get(
    '/api/common/upload/url',
    {
      preHandler: requireUser,
      config: { summary: "A short-lived signed GET URL of one of the user's own uploads (for an <img>)", query: objectUrlQuery, rateLimit: POLICY_RATE_LIMIT },
    },
    async (request) => {
      const query = parseRouteQuery(request, objectUrlQuery);
      const [own] = await opts.db
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.key, query.key), eq(uploads.ownerUserId, currentUser(request).id)))
        .limit(1);
      // Another user's key and a missing key look alike.
      if (!own) throw new ApiFailure(MSG.uploadNotFound);
      return ok({ key: own.key, url: signedUrl(request, own.key) });
    },
  );

  const uploadDoc = {
    summary: 'Upload an image (multipart POST policy: key, policy, OSSAccessKeyId, success_action_status, signature, file)',
    plainAnswer: 'Empty body with HTTP success_action_status (200 or 201, else 204); refusals are { code, message } with HTTP 400, 403 or 409.',
  };
  app.post('/uploads/', { config: { ...uploadDoc, rateLimit: UPLOAD_RATE_LIMIT } }, async (request, reply) => {
    if (!request.isMultipart()) {
      return sendRefusal(reply, { httpStatus: 400, code: 'InvalidArgument', message: 'multipart/form-data expected' });
    }
    const fields: UploadFormFields = {};
    let refusal: UploadRefusal | undefined;
    let accepted: { upload: AuthorisedUpload; bytes: Buffer; contentType: string } | undefined;
    let sawFile = false;
    try {
      const parts = request.parts({ limits: FORM_LIMITS });
      for await (const part of parts) {
        if (part.type === 'field') {
          // Like OSS, fields after the file are ignored; unknown fields (e.g. name) too.
          const name = FORM_FIELDS.find((field) => field === part.fieldname);
          if (sawFile || !name) continue;
          if (fields[name] !== undefined || typeof part.value !== 'string') {
            refusal ??= { httpStatus: 400, code: 'InvalidArgument', message: `field ${name} must be given once, as text` };
            continue;
          }
          fields[name] = part.value;
          continue;
        }
        if (sawFile || refusal) {
          await drain(part.file);
          continue;
        }
        sawFile = true;
        const authorised = authoriseUpload(fields, { secret: opts.secret, clock: opts.clock });
        if (!authorised.ok) {
          refusal = authorised.refusal;
          await drain(part.file);
          continue;
        }
        const bytes = await readAll(part.file);
        if (part.file.truncated) {
          refusal = { httpStatus: 400, code: 'EntityTooLarge', message: `The file must be at most ${authorised.value.rules.maxBytes} bytes` };
          continue;
        }
        const image = checkImage(bytes, authorised.value);
        if (!image.ok) {
          refusal = image.refusal;
          continue;
        }
        accepted = { upload: authorised.value, bytes, contentType: IMAGE_CONTENT_TYPES[image.value.kind] };
      }
    } catch (error) {
      // The plugin cuts a file at limits.fileSize and reports it when the form ends.
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        return sendRefusal(reply, { httpStatus: 400, code: 'EntityTooLarge', message: `The file must be at most ${UPLOAD_MAX_BYTES} bytes` });
      }
      request.log.info({ err: error }, 'malformed upload form');
      return sendRefusal(reply, { httpStatus: 400, code: 'InvalidArgument', message: 'The upload form cannot be read' });
    }
    if (refusal) return sendRefusal(reply, refusal);
    if (!accepted) return sendRefusal(reply, { httpStatus: 400, code: 'InvalidArgument', message: 'A file is required' });

    const { upload, bytes, contentType } = accepted;
    const taken = await opts.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, upload.key)).limit(1);
    if (taken.length > 0) return sendRefusal(reply, fileExists(upload.key));

    const staged = await storage.stage(upload.key, bytes);
    try {
      // The primary key settles a race between two posts of the same key.
      const inserted = await opts.db
        .insert(uploads)
        .values({
          key: upload.key,
          size: bytes.length,
          contentType,
          createdAt: opts.clock.now(),
          ownerUserId: upload.rules.owner,
          purpose: upload.rules.purpose,
        })
        .onConflictDoNothing({ target: uploads.key })
        .returning({ key: uploads.key });
      if (inserted.length === 0) {
        await staged.discard();
        return sendRefusal(reply, fileExists(upload.key));
      }
      try {
        await staged.commit();
      } catch (error) {
        await opts.db.delete(uploads).where(eq(uploads.key, upload.key));
        throw error;
      }
    } catch (error) {
      await staged.discard();
      throw error;
    }
    request.log.info({ key: upload.key, size: bytes.length, purpose: upload.rules.purpose }, 'upload stored');
    return reply.code(successStatus(fields.success_action_status)).send();
  });

  // The plain object path is what a public bucket would serve; this bucket is private.
  app.get<{ Params: { name: string } }>('/uploads/imgs/:name', async (_request, reply) =>
    reply.code(403).header('Cache-Control', PRIVATE_CACHE).send({ code: 'AccessDenied', message: 'The object is private: use a signed URL' }),
  );

  app.get<{ Params: { expires: string; signature: string; name: string } }>(`${SIGNED_PATH}/:expires/:signature/imgs/:name`, async (request, reply) => {
    const key = `${UPLOAD_KEY_PREFIX}${request.params.name}`;
    const { expires, signature } = request.params;
    if (!kindOfKey(key) || !signedPathValid({ secret: opts.secret, key, expires, signature, now: opts.clock.now() })) {
      return reply.code(403).header('Cache-Control', PRIVATE_CACHE).send({ code: 'AccessDenied', message: 'The signed URL is invalid or has expired' });
    }
    return sendObject(reply, storage, opts.db, key);
  });
}

/** Streams a stored private object, or 404. */
export async function sendObject(reply: FastifyReply, storage: UploadStorage, db: Database, key: string): Promise<FastifyReply> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!row) return reply.code(404).header('Cache-Control', PRIVATE_CACHE).send({ code: 'NoSuchKey', message: 'The object does not exist' });
  const path = storage.pathOf(key);
  const { size } = await stat(path);
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', PRIVATE_CACHE)
    .send(createReadStream(path));
}

function fileExists(key: string): UploadRefusal {
  return { httpStatus: 409, code: 'FileAlreadyExists', message: `The key ${key} is already taken` };
}
