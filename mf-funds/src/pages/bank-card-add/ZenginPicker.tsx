// Bank or branch chosen from the zengin-code data on the server (funds/banks,
// funds/branches): type a name, kana, romaji (Hepburn or the bank's English name) or code,
// pick one of the matches. Readers other than tw and jp see the romanised name beside the
// Japanese one: the name on the account is the Japanese one, so it stays first.
import { PageState } from '@kabuto/shared-sdk';
import { Button, List, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import type { BankInfo } from '@kabuto/shared-sdk/schemas';
import { useSearchBanksQuery, useSearchBranchesQuery } from '../../api/funds';
import { useDebounced } from '@kabuto/shared-sdk/ui';
import { useFundsText } from '../../common/texts';
import { kit as styles } from '@kabuto/shared-sdk/ui';

interface PickerProps {
  label: string;
  placeholder: string;
  selected: BankInfo | null;
  onSelect(item: BankInfo | null): void;
  testId: string;
}

/** The Japanese name, with its romanised one for readers who do not read Japanese. */
function BankName({ item }: { item: BankInfo }) {
  const { lang } = useFundsText();
  if (lang === 'tw' || lang === 'jp') return <>{item.name}</>;
  return (
    <>
      {item.name} <span className={styles.muted}>{item.roma}</span>
    </>
  );
}

function Matches({ items, loading, onSelect, testId }: { items: BankInfo[] | undefined; loading: boolean; onSelect(item: BankInfo): void; testId: string }) {
  const { t } = useFundsText();
  if (loading) return <PageState status="loading" />;
  if (!items?.length) return <p className={styles.muted}>{t('card.noMatch')}</p>;
  return (
    <List data-testid={`${testId}-matches`} style={{ maxHeight: 220, overflowY: 'auto' }}>
      {items.slice(0, 30).map((item) => (
        <List.Item key={item.code} onClick={() => onSelect(item)} extra={item.code} description={item.kana}>
          <BankName item={item} />
        </List.Item>
      ))}
    </List>
  );
}

function Chosen({ label, selected, onChange, testId }: { label: string; selected: BankInfo; onChange(): void; testId: string }) {
  const { t } = useFundsText();
  return (
    <div data-testid={testId}>
      <p className={styles.label}>{label}</p>
      <div className={styles.row}>
        <span data-testid={`${testId}-chosen`}>
          <BankName item={selected} /> ({selected.code})
        </span>
        <Button size="mini" onClick={onChange}>
          {t('card.change')}
        </Button>
      </div>
    </div>
  );
}

/** The typed search, debounced before it is sent (one request per pause, not per key). */
function useTypedQuery() {
  const [q, setQ] = useState('');
  return { q, setQ, query: useDebounced(q.trim()) };
}

type SearchProps = PickerProps & {
  typed: ReturnType<typeof useTypedQuery>;
  found: { data?: { list: BankInfo[] }; isFetching: boolean };
};

// The chosen bank or branch with a way to change it, or the search box and its matches.
function Picker({ label, placeholder, selected, onSelect, testId, typed, found }: SearchProps) {
  if (selected) return <Chosen label={label} selected={selected} onChange={() => onSelect(null)} testId={testId} />;
  return (
    <div data-testid={testId}>
      <p className={styles.label}>{label}</p>
      <SearchBar value={typed.q} onChange={typed.setQ} placeholder={placeholder} aria-label={label} />
      <Matches items={found.data?.list} loading={found.isFetching} onSelect={onSelect} testId={testId} />
    </div>
  );
}

export function BankPicker(props: PickerProps) {
  const typed = useTypedQuery();
  const found = useSearchBanksQuery({ q: typed.query }, { skip: props.selected !== null });
  return <Picker {...props} typed={typed} found={found} />;
}

export function BranchPicker({ bankCode, ...props }: PickerProps & { bankCode: string }) {
  const typed = useTypedQuery();
  const found = useSearchBranchesQuery({ bankCode, q: typed.query }, { skip: props.selected !== null });
  return <Picker {...props} typed={typed} found={found} />;
}
