// The submit of a request made in the chat (a deposit, a loan repayment): checked with the shared
// schema before it goes (the first problem translated), one idempotency key per filled-in form,
// the server's refusal shown as it comes, the answer handed on once accepted.
import { useState } from 'react';
import type { z } from 'zod';
import { MSG, errorMessage, translateMessage } from '@kabuto/shared-sdk';
import { firstErrorKey } from '@kabuto/shared-sdk/schemas';
import { useSubmissionKeys } from '@kabuto/shared-sdk/ui';
import { useAccountText } from '../../common/texts';

type Sent<R> = { data?: R; error?: unknown };

export function useChatRequest<S extends z.ZodType, R>(schema: S, send: (form: z.output<S>) => Promise<Sent<R>>, onDone: (result: R) => void) {
  const { lang } = useAccountText();
  const keys = useSubmissionKeys();
  const [error, setError] = useState<string | null>(null);

  /** `fields` name the request (its key); `secret` (a fund password) goes along but never keys it. */
  async function submit(fields: Record<string, string>, secret: Record<string, string> = {}) {
    const checked = schema.safeParse({ ...fields, ...secret, idempotencyKey: keys.keyFor(fields) });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await send(checked.data);
    if (answer.error) {
      setError(errorMessage(answer.error) || translateMessage(MSG.systemBusy, lang));
      return;
    }
    if (answer.data === undefined) return;
    keys.settle();
    onDone(answer.data);
  }

  return { error, setError, submit };
}
