// The seat-account refusal points to the support chat (docs/api/support.md §1): its data is
// { rule: 'seat-account-support-only', support: true }. Wherever such a refusal is shown, the
// customer is offered the chat (the host's offerSupport for toasts, Refusal's `support` in forms).
import type { SupportHint } from '../schemas/support';

/** The refusal's data says: offer the support chat. */
export function isSupportHint(data: unknown): data is SupportHint {
  return typeof data === 'object' && data !== null && (data as Partial<SupportHint>).support === true;
}
