// How a password change ends: the server's refusal stays in the form, or a "modified" toast and
// back to the page the customer came from.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOAST_MS, errorMessage, getHost, messageText, useAppSelector } from '@kabuto/shared-sdk';

export function useFinishChange(setError: (text: string | null) => void): (answer: { error?: unknown }) => void {
  const navigate = useNavigate();
  const lang = useAppSelector((state) => state.session.lang);
  return useCallback(
    (answer) => {
      if ('error' in answer && answer.error) {
        setError(errorMessage(answer.error) || null);
        return;
      }
      getHost().toast(messageText('modifySuccess', lang), TOAST_MS);
      void navigate(-1);
    },
    [lang, navigate, setError],
  );
}
