// A refusal as a form shows it: the translated message that names the rule, with the amounts
// the server named (refusalWithFigures), in the kit's error style, announced to screen readers.
import type { CSSProperties } from 'react';
import { kit } from './kit';

export interface RefusalProps {
  /** The refusal's text; nothing is shown for null or ''. */
  text: string | null | undefined;
  /** A second line: what the form itself knows about the rule (a block offer's own limits). */
  detail?: string | null;
  /** data-testid of the message; the second line's is `<testId>-detail`. */
  testId: string;
  style?: CSSProperties;
}

export function Refusal({ text, detail, testId, style }: RefusalProps) {
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
    </p>
  );
}
