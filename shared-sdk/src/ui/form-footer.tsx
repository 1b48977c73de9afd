// The foot of a form page: the refusal (if any) right above the one submit button, so the
// customer reads why the last try failed where they press again.
import { Button } from 'antd-mobile';
import { Refusal } from './refusal';

export interface SubmitFooterProps {
  error: string | null | undefined;
  loading: boolean;
  label: string;
  /** data-testid of the button. */
  testId?: string;
  /** The refusal points to the support chat (offersSupport(error)): offer it. */
  support?: boolean;
}

export function SubmitFooter({ error, loading, label, testId, support = false }: SubmitFooterProps) {
  return (
    <>
      <Refusal text={error} testId="form-error" support={support} />
      <Button block type="submit" color="primary" size="large" loading={loading} style={{ marginTop: 12 }} data-testid={testId}>
        {label}
      </Button>
    </>
  );
}
