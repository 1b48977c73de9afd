// Checked operator bearers (a credential or a console session token) remembered for a few
// seconds, as customers' sessions are (server/src/http/checked-cache.ts).
import { forgetEverywhere, registerForgetter } from '../../caches/forget-relay';
import { CheckedCache } from '../../http/checked-cache';
import type { OperatorRole } from './roles';

export interface BearerOperator {
  id: number;
  name: string;
  role: OperatorRole;
  /** How the caller was let in: the console session used, or null for the credential itself. */
  access: { role: OperatorRole; session: { id: number; expiresAt: Date } | null };
}

/** Every operator cache of this process, so a roster change reaches all of them. */
const operatorCaches = new Set<OperatorCache>();

/**
 * Checked bearers (a credential or a console session token) and the operator they name, for a
 * few seconds (the app's session cache time): one read per operator call otherwise, one per
 * support reply under load (docs/support.md §6). A roster change or a console sign-out in this
 * process forgets them all at once (`forgetCheckedOperators`, after the change's commit); one
 * made by another process (the ops CLI) is honoured within the cache time.
 */
export class OperatorCache extends CheckedCache<BearerOperator> {
  constructor(ttlMs: number) {
    super(ttlMs);
    if (ttlMs > 0) operatorCaches.add(this);
  }

  close(): void {
    operatorCaches.delete(this);
    this.clear();
  }
}

registerForgetter('operators', () => {
  for (const cache of operatorCaches) cache.clear();
});

/** An operator was added, approved, changed role or retired, or a console session ended: check every bearer again (in every process of a cluster). */
export function forgetCheckedOperators(): void {
  forgetEverywhere('operators', '');
}
