// One labelled figure on a card (an issue's price, an offer's minimum, an estimate's fee): the
// label muted on the left, the value on the right, in the kit's row style.
import type { Key } from 'react';
import { kit } from './kit';

export interface FieldRowProps {
  label: string;
  value: string;
  /** data-testid of the value. */
  testId?: string;
}

export function FieldRow({ label, value, testId }: FieldRowProps) {
  return (
    <div className={kit.row}>
      <span className={kit.muted}>{label}</span>
      <span className={kit.value} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The cards' `line(label, value, testId)` shorthand; give a key when the rows are built as a list. */
export function fieldRow(label: string, value: string, testId?: string, key?: Key) {
  return <FieldRow key={key} label={label} value={value} testId={testId} />;
}
