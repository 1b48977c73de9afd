// A refusal as a form shows it: the translated message that names the rule, with the amounts
// the server named (refusalWithFigures), in the kit's error style, announced to screen readers;
// a refusal that points to the support chat (a seat account's) offers the chat.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { getHost } from '../protocol/host';
import { ROUTES } from '../routes/route-table';
import { kit } from './kit';
import { SDK_UI_NAMESPACE } from './page-pending';

export interface RefusalProps {
  /** The refusal's text; nothing is shown for null or ''. */
  text: string | null | undefined;
  /** A second line: what the form itself knows about the rule (a block offer's own limits). */
  detail?: string | null;
  /** data-testid of the message; the second line's is `<testId>-detail`. */
  testId: string;
  style?: CSSProperties;
  /** The refusal points to the support chat (offersSupport(error)): a "Contact support" link, `<testId>-support`. */
  support?: boolean;
}

// Inline (the SDK is compiled by tsc, without CSS); colours come from the shell's theme.
const supportStyle: CSSProperties = {
  display: 'block',
  marginTop: 6,
  padding: 0,
  color: 'var(--kabuto-accent, #1fbf75)',
  background: 'none',
  border: 0,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
};

function ContactSupport({ testId }: { testId: string }) {
  const { t } = useTranslation(SDK_UI_NAMESPACE);
  return (
    <button type="button" style={supportStyle} onClick={() => getHost().navigate(ROUTES.supportChat)} data-testid={`${testId}-support`}>
      {t('contactSupport')}
    </button>
  );
}

export function Refusal({ text, detail, testId, style, support = false }: RefusalProps) {
  if (!text) return null;
  return (
    <p className={kit.error} role="alert" style={style} data-testid={testId}>
      {text}
      {detail && (
        <>
          <br />
          <span data-testid={`${testId}-detail`}>{detail}</span>
        </>
      )}
      {support && <ContactSupport testId={testId} />}
    </p>
  );
}
