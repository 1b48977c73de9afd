// The one-time-code fallback of the step-up (until the user has a passkey): an
// antd-mobile dialog asking for the code the server sent (step-up-code-dialog.tsx).
// Resolves null on cancel.
// Shared so every remote that asks for a step-up (account, funds) asks the same way.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskForCode } from '../identity/step-up';
import { SDK_UI_NAMESPACE } from './page-pending';
import type { AskForCodeLabels } from './step-up-code-labels';

export type { AskForCodeLabels };

export function makeAskForCode(labels: AskForCodeLabels): AskForCode {
  // The dialog (antd-mobile Dialog + Input, with their animation library) loads on the
  // first ask: the '/ui' entry is on every remote's first page and most never ask.
  // '.js' spelled out: the SDK's ESM build is fully specified.
  return async (request) => {
    const { showStepUpCodeDialog } = await import('./step-up-code-dialog.js');
    return showStepUpCodeDialog(labels, request);
  };
}

/**
 * makeAskForCode with the SDK's own texts (sdk-ui namespace, tw/jp/en), in the current
 * language: pass it as `usePasskeyStepUp(purpose, { askForCode })`.
 */
export function useAskStepUpCode(): AskForCode {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  return useMemo(
    () =>
      makeAskForCode({
        title: t('stepUpCodeTitle'),
        body: ({ sentTo }) => t('stepUpCodeBody', { sentTo }),
        placeholder: t('stepUpCodePlaceholder'),
        confirm: t('stepUpConfirm'),
        cancel: t('stepUpCancel'),
      }),
    // The labels follow the language: useTranslation hands out a new `t` when it changes.
    [t],
  );
}
