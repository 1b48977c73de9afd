// What a preHandler guard demands of a caller, in words the OpenAPI description can use.
// Guards register their note once (noteGuard) and the document reads it back from the
// route's preHandler list, so "needs login" is derived from the code that enforces it.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { StepUpPurpose } from '@kabuto/shared-sdk/schemas';

export type GuardNote =
  | { kind: 'login' }
  | { kind: 'optional-login' }
  | { kind: 'not-institution' }
  | { kind: 'not-restricted'; restriction: 'trade' | 'withdraw' | 'trade-reducing' }
  | { kind: 'verified-identity' }
  | { kind: 'step-up'; purpose: StepUpPurpose };

const notes = new WeakMap<preHandlerAsyncHookHandler, GuardNote>();

/** Tags `guard` with what it demands; returns the guard so the call can wrap its definition. */
export function noteGuard(guard: preHandlerAsyncHookHandler, note: GuardNote): preHandlerAsyncHookHandler {
  notes.set(guard, note);
  return guard;
}

export function guardNoteOf(guard: unknown): GuardNote | undefined {
  return typeof guard === 'function' ? notes.get(guard as preHandlerAsyncHookHandler) : undefined;
}
