// The dialog behind makeAskForCode (ask-step-up-code.tsx), in its own module so it is
// loaded only when a step-up really asks for a code.
import { Dialog, Input } from 'antd-mobile';
import type { CodeRequest } from '../identity/step-up';
import type { AskForCodeLabels } from './step-up-code-labels';

export function showStepUpCodeDialog(labels: AskForCodeLabels, request: CodeRequest): Promise<string | null> {
  return new Promise<string | null>((resolve) => {
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
