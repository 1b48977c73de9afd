// The texts of the step-up code dialog: their own module, so the prompt (ask-step-up-code)
// and the dialog it loads on demand (step-up-code-dialog) both use them without importing
// each other.
import type { CodeRequest } from '../identity/step-up';

export interface AskForCodeLabels {
  title: string;
  body: (request: CodeRequest) => string;
  placeholder: string;
  confirm: string;
  cancel: string;
}
