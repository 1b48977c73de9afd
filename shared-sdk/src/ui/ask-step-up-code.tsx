// The one-time-code fallback of the step-up (until the user has a passkey): an
// antd-mobile dialog asking for the code the server sent. Resolves null on cancel.
// Shared so every remote that asks for a step-up (account, funds) asks the same way.
import { Dialog, Input } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskForCode, CodeRequest } from '../identity/step-up';
import { registerSdkUiTexts, SDK_UI_NAMESPACE } from './page-pending';

export interface AskForCodeLabels {
  title: string;
  body: (request: CodeRequest) => string;
  placeholder: string;
  confirm: string;
  cancel: string;
}

export function makeAskForCode(labels: AskForCodeLabels): AskForCode {
  return (request) =>
    new Promise<string | null>((resolve) => {
      let code = '';
      void Dialog.show({
        title: labels.title,
        content: (
          <div>
            <p style={{ margin: '0 0 12px' }}>{labels.body(request)}</p>
            <Input
              placeholder={labels.placeholder}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              onChange={(value) => {
                code = value;
              }}
              data-testid="step-up-code"
              aria-label={labels.placeholder}
            />
          </div>
        ),
        closeOnAction: true,
        actions: [
          [
            { key: 'cancel', text: labels.cancel, onClick: () => resolve(null) },
            { key: 'confirm', text: labels.confirm, bold: true, onClick: () => resolve(code) },
          ],
        ],
        onClose: () => resolve(null),
      });
    });
}

/**
 * makeAskForCode with the SDK's own texts (sdk-ui namespace, tw/jp/en), in the current
 * language: pass it as `usePasskeyStepUp(purpose, { askForCode })`.
 */
export function useAskStepUpCode(): AskForCode {
  const { t, i18n } = useTranslation(SDK_UI_NAMESPACE);
  // A host that renders with its own i18next instance (I18nextProvider) gets the texts too.
  registerSdkUiTexts(i18n);
  return useMemo(
    () =>
      makeAskForCode({
        title: t('stepUpCodeTitle'),
        body: ({ sentTo }) => t('stepUpCodeBody', { sentTo }),
        placeholder: t('stepUpCodePlaceholder'),
        confirm: t('stepUpConfirm'),
        cancel: t('stepUpCancel'),
      }),
    // The labels follow the language.
    [t, i18n.language],
  );
}
