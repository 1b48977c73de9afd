// The state (or status) a queue is listed in, as the server's list call takes it.
import { Select } from 'antd';

export function StateFilter<S extends string>({ states, value, onChange, label }: { states: readonly S[]; value: S; onChange: (s: S) => void; label: string }) {
  return (
    <Select<S>
      aria-label={label}
      value={value}
      onChange={onChange}
      style={{ width: 160 }}
      options={states.map((s) => ({ value: s, label: s }))}
      data-testid="state-filter"
    />
  );
}
