// One place decides how failures look. Under /api every failure is an envelope with
// HTTP 200 and a catalogue key (bad input is never a 500; spec §8, ARCHITECTURE §4).
// Elsewhere (upload target, static files) failures are plain JSON { code, message }.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MSG, type MessageKey } from '@kabuto/shared-sdk/messages';
import { ApiFailure, fail } from './envelope';
import { msgKeyForZodError } from './parse-form';

/** Whether a request URL (path and query) is under /api. Runs on every request: no allocation. */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  // '/api' itself, '/api/…' or '/api?…'; not '/apiary'.
  const next = url.charCodeAt(4);
  return Number.isNaN(next) || next === SLASH || next === QUESTION_MARK;
}
const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/** Refusal outside /api, in the shape an OSS-style client expects. */
export interface PlainError {
  code: string;
  message: string;
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const code = (error as { statusCode: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

function hasValidation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'validation' in error;
}

/** The catalogue key for a failure under /api, and whether it was our fault. */
function apiFailureFor(error: unknown): { msgKey: MessageKey; data: unknown; unexpected: boolean } {
  if (error instanceof ApiFailure) return { msgKey: error.msgKey, data: error.data, unexpected: false };
  if (error instanceof ZodError) return { msgKey: msgKeyForZodError(error), data: null, unexpected: false };
  if (hasValidation(error)) return { msgKey: MSG.invalidParams, data: null, unexpected: false };
  const status = statusCodeOf(error);
  // Too many requests (rate limit): "submitting too often".
  if (status === 429) return { msgKey: MSG.tooFrequent, data: null, unexpected: false };
  // Body parsing, media type, size limits and other client mistakes.
  if (status !== undefined && status >= 400 && status < 500) return { msgKey: MSG.invalidParams, data: null, unexpected: false };
  return { msgKey: MSG.systemBusy, data: null, unexpected: true };
}

function sendApiFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { msgKey, data, unexpected } = apiFailureFor(error);
  if (unexpected) request.log.error({ err: error }, 'unexpected error in API call');
  else request.log.info({ msgKey, err: error instanceof ApiFailure ? undefined : error }, 'API call refused');
  return reply.code(200).type('application/json; charset=utf-8').send(fail(msgKey, data));
}

const PLAIN_CODES: Readonly<Record<number, string>> = {
  404: 'NotFound',
  413: 'EntityTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  const message = (error as { message: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

function sendPlainFailure(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const status = statusCodeOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const failure: PlainError = { code: PLAIN_CODES[status] ?? 'BadRequest', message: messageOf(error) ?? 'Bad request' };
    return reply.code(status).send(failure);
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ code: 'InternalError', message: 'Internal error' } satisfies PlainError);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) =>
    isApiPath(request.url) ? sendApiFailure(request, reply, error) : sendPlainFailure(request, reply, error),
  );

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      // An action the server does not offer (yet): the client shows "not open".
      return reply.code(200).send(fail(MSG.notOpen));
    }
    return reply.code(404).send({ code: 'NotFound', message: 'Not found' } satisfies PlainError);
  });
}

/**
 * Failures Fastify meets before routing (a malformed URL such as /api/%E0%A4%A, an overlong
 * path parameter): under /api the envelope with the bad-input message, elsewhere plain 400.
 */
export function answerFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'malformed request');
  // Fastify wants nothing back from this handler; the reply is sent here.
  if (isApiPath(request.url)) void reply.code(200).type('application/json; charset=utf-8').send(fail(MSG.invalidParams));
  else void reply.code(400).send({ code: 'BadRequest', message: messageOf(error) ?? 'Bad request' } satisfies PlainError);
}
