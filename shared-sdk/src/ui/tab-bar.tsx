// A row of tabs, without the kit: antd-mobile's Tabs and CapsuleTabs bring an animation
// library (react-spring, about 20 KiB compressed) that a first screen would download and run
// for one sliding line. Two looks, as the kit draws them: 'line' (Tabs: the row over
// the width, the selected title and a 2 px line under it in the primary colour) and 'capsule'
// (CapsuleTabs: pills in a row that scrolls sideways, the selected one filled). WAI-ARIA tabs:
// one tab in the focus order, arrow keys move between them.
import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarItem<K extends string> {
  key: K;
  title: ReactNode;
}

export interface TabBarProps<K extends string> {
  items: readonly TabBarItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  look?: 'line' | 'capsule';
  testId?: string;
  className?: string;
}

// Inline (the SDK is compiled by tsc, without CSS); colours are the kit's variables, which the
// shell's theme sets.
const PRIMARY = 'var(--adm-color-primary, #3ecf8e)';
const BAR: Record<'line' | 'capsule', CSSProperties> = {
  line: { display: 'flex', borderBottom: '1px solid var(--adm-color-border, #24402f)' },
  capsule: { display: 'flex', gap: 8, padding: '10px 8px', overflowX: 'auto', scrollbarWidth: 'none' },
};
const TAB: Record<'line' | 'capsule', CSSProperties> = {
  line: {
    flex: 'auto',
    padding: '0 12px',
    border: 0,
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    fontSize: 'var(--adm-font-size-9, 17px)',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  },
  capsule: {
    flex: 'none',
    padding: '6px 14px',
    border: 0,
    borderRadius: 20,
    background: 'var(--adm-color-fill-content, #1a2e24)',
    color: 'inherit',
    font: 'inherit',
    fontSize: 15,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  },
};
const SELECTED: Record<'line' | 'capsule', CSSProperties> = {
  line: { color: PRIMARY },
  capsule: { background: PRIMARY, color: 'var(--adm-color-text-light-solid, #0b1410)' },
};
const LINE_TITLE: CSSProperties = { display: 'inline-block', padding: '8px 0', borderBottom: '2px solid transparent' };

export function TabBar<K extends string>({ items, activeKey, onChange, look = 'line', testId, className }: TabBarProps<K>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    buttons.current[next]?.focus();
  }

  return (
    <div style={BAR[look]} className={className} role="tablist" data-testid={testId}>
      {items.map((item, index) => {
        const selected = item.key === activeKey;
        return (
          <button
            key={item.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            style={selected ? { ...TAB[look], ...SELECTED[look] } : TAB[look]}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {look === 'line' ? <span style={selected ? { ...LINE_TITLE, borderBottomColor: PRIMARY } : LINE_TITLE}>{item.title}</span> : item.title}
          </button>
        );
      })}
    </div>
  );
}
