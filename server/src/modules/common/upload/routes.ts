// The embedded upload target (ARCHITECTURE §5 "Uploads"): hands out POST policies at
// GET /api/common/upload, accepts the OSS-style multipart POST at /uploads/, and serves
// the stored images at /uploads/imgs/<name>.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/client';
import { uploads } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { IMAGE_CONTENT_TYPES } from './image-sniff';
import { createPolicyGrant, UPLOAD_KEY_PREFIX, UPLOAD_MAX_BYTES, type UploadPolicyGrant } from './policy';
import { UploadStorage } from './storage';
import { type AuthorisedUpload, authoriseUpload, checkImage, kindOfKey, type UploadFormFields, type UploadRefusal } from './verify';

export interface UploadRoutesOptions {
  db: Database;
  clock: Clock;
  dataDir: string;
  secret: string;
  /** Lifetime of a handed-out upload policy; defaults to POLICY_TTL_MS. */
  uploadPolicyTtlMs?: number;
}

const FORM_FIELDS = ['key', 'policy', 'OSSAccessKeyId', 'signature', 'success_action_status'] as const;

/** Per-IP ceilings: generous for people, tight enough to blunt scripted abuse. */
const POLICY_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

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
  const storage = new UploadStorage(opts.dataDir);

  app.get('/api/common/upload', { config: { summary: 'Upload policy for the POST-policy image upload', rateLimit: POLICY_RATE_LIMIT } }, async (request) => {
    const grant: UploadPolicyGrant = createPolicyGrant({
      clock: opts.clock,
      secret: opts.secret,
      ttlMs: opts.uploadPolicyTtlMs,
      baseUrl: `${request.protocol}://${request.host}/uploads/`,
    });
    return ok(grant);
  });

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
      const parts = request.parts({
        limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 16, fieldSize: 8 * 1024, parts: 17 },
      });
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
        .values({ key: upload.key, size: bytes.length, contentType, createdAt: opts.clock.now() })
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
    request.log.info({ key: upload.key, size: bytes.length }, 'upload stored');
    return reply.code(successStatus(fields.success_action_status)).send();
  });

  app.get<{ Params: { name: string } }>('/uploads/imgs/:name', async (request, reply) => {
    const key = `${UPLOAD_KEY_PREFIX}${request.params.name}`;
    const rows = kindOfKey(key) ? await opts.db.select().from(uploads).where(eq(uploads.key, key)).limit(1) : [];
    const row = rows[0];
    if (!row) return reply.code(404).send({ code: 'NoSuchKey', message: 'The object does not exist' });
    const path = storage.pathOf(key);
    const { size } = await stat(path);
    return (
      reply
        .header('Content-Type', row.contentType)
        .header('Content-Length', size)
        .header('X-Content-Type-Options', 'nosniff')
        // Keys are never overwritten, so a stored image never changes.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path))
    );
  });
}

function fileExists(key: string): UploadRefusal {
  return { httpStatus: 409, code: 'FileAlreadyExists', message: `The key ${key} is already taken` };
}
