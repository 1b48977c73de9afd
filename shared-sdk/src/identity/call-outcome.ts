// RTK Query mutation results → CallOutcome, so flows can branch on ok/refused without
// caring whether the refusal came from the server or from RTK itself.
import type { SerializedError } from '@reduxjs/toolkit';
import type { KabutoQueryError } from '../api/base-api';
import { formatMoneyText } from '../format/money-text';
import { MSG } from '../messages/catalogue';
import type { Money } from '../schemas/funds';
import type { CallOutcome } from './step-up';
import { isSupportHint } from '../protocol/support-hint';

/** What awaiting an RTK Query trigger gives: data, or an error (ours or RTK's own SerializedError). */
type MutationResult<T> = { data?: T; error?: KabutoQueryError | SerializedError | unknown };

function isKabutoError(error: unknown): error is KabutoQueryError {
  return typeof error === 'object' && error !== null && 'status' in error && 'msg' in error && 'message' in error;
}

/** `await trigger(args)` → its data, or the refusal's catalogue key and translated text. */
export function toOutcome<T>(result: MutationResult<T>, translate: (msg: string) => string): CallOutcome<T> {
  if (result.error === undefined) return { ok: true, data: result.data as T };
  if (isKabutoError(result.error)) return { ok: false, msg: result.error.msg, message: result.error.message };
  return { ok: false, msg: MSG.systemBusy, message: translate(MSG.systemBusy) };
}

/** The catalogue key of an RTK Query error (for checks like `=== MSG.stepUpRequired`). */
export function errorMsg(error: unknown): string | null {
  return isKabutoError(error) ? error.msg : null;
}

/** The figures a refusal came with (its rule and amounts), or null. */
export function errorDetail(error: unknown): Readonly<Record<string, unknown>> | null {
  return isKabutoError(error) ? (error.detail ?? null) : null;
}

/** A money figure of a refusal's detail as the screens write it ('¥267,300'), or null when it has none by that name. */
export function detailMoney(detail: Readonly<Record<string, unknown>>, key: string): string | null {
  const value = detail[key];
  const money = typeof value === 'object' && value !== null && typeof (value as Money).amount === 'string' && typeof (value as Money).currency === 'string';
  return money ? formatMoneyText(value as Money) : null;
}

/**
 * A refusal as the customer reads it: the catalogue's message, then the figures the server
 * named with it, as `figuresOf` (the remote's, by rule) writes them: 'Insufficient buying power ·
 * Required ¥267,300, buying power ¥0'. Just the message when there are none.
 */
export function refusalWithFigures(error: unknown, figuresOf: (detail: Readonly<Record<string, unknown>>) => string): string {
  const message = errorMessage(error);
  const detail = errorDetail(error);
  const figures = detail ? figuresOf(detail) : '';
  return message && figures ? `${message} · ${figures}` : message;
}

/** The refusal points to the support chat (a seat account's): the form offers it (Refusal's `support`). */
export function offersSupport(error: unknown): boolean {
  return isKabutoError(error) && isSupportHint(error.detail);
}

/** The translated text of an RTK Query error, or '' (a redirect, an abort). */
export function errorMessage(error: unknown): string {
  return isKabutoError(error) ? error.message : '';
}
