// Idempotency keys for money-moving calls (docs/api/funds.md §1): one key per submission.
// Sending the same form again (a retry after a time-out, a double tap) reuses the key, so
// the server answers the first answer and moves nothing twice; a changed form or a
// finished submission gets a fresh key.
import { useState } from 'react';

export interface SubmissionKeys {
  /** The key for submitting `form` now: the last one if `form` is what was last sent and not yet settled. */
  keyFor(form: Readonly<Record<string, string | number>>): string;
  /** The submission was accepted: the next one is a new movement. */
  settle(): void;
}

function randomKey(): string {
  return crypto.randomUUID();
}

/** Same fields and values, in any order. */
function signatureOf(form: Readonly<Record<string, string | number>>): string {
  return JSON.stringify(
    Object.keys(form)
      .sort()
      .map((key) => [key, String(form[key])]),
  );
}

export function createSubmissionKeys(makeKey: () => string = randomKey): SubmissionKeys {
  let last: { signature: string; key: string } | null = null;
  return {
    keyFor(form) {
      const signature = signatureOf(form);
      if (last?.signature !== signature) last = { signature, key: makeKey() };
      return last.key;
    },
    settle() {
      last = null;
    },
  };
}

/** createSubmissionKeys kept for the life of the page. */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(() => createSubmissionKeys());
  return keys;
}
