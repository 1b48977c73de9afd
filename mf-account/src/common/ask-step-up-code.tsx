// The one-time-code fallback of the step-up (until the user has a passkey): an
// antd-mobile dialog asking for the code the server sent. Resolves null on cancel.
import { Dialog, Input } from 'antd-mobile';
import type { AskForCode, CodeRequest } from '@kabuto/shared-sdk';

interface Labels {
  title: string;
  body: (request: CodeRequest) => string;
  placeholder: string;
  confirm: string;
  cancel: string;
}

export function makeAskForCode(labels: Labels): AskForCode {
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
