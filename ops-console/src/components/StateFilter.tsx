// A queue listed by state (or status), as the server's list call takes it: the filter, and the
// list of the state picked.
import { useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { useOpsList } from './ListPage';
import { enumText } from '../i18n/enum-text';

export function StateFilter<S extends string>({ states, value, onChange, label }: { states: readonly S[]; value: S; onChange: (s: S) => void; label: string }) {
  const t = useTranslate();
  return (
    <Select<S>
      aria-label={label}
      value={value}
      onChange={onChange}
      style={{ width: 160 }}
      options={states.map((s) => ({ value: s, label: enumText(t, 'state', s) }))}
      data-testid="state-filter"
    />
  );
}

/** The list of `resource` in the first of `states` until another is picked; `toolbar` picks it. */
export function useStateQueue<T extends object, S extends string>(resource: string, states: readonly [S, ...S[]], field = 'state') {
  const t = useTranslate();
  const [state, setState] = useState<S>(states[0]);
  const list = useOpsList<T>(resource, [{ field, operator: 'eq', value: state }]);
  const toolbar = <StateFilter states={states} value={state} onChange={setState} label={t(field === 'status' ? 'common.status' : 'common.state')} />;
  return { list, toolbar };
}
