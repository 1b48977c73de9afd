// A row of tabs drawn like the kit's Tabs (title, primary colour and an underline on the one
// selected), without the kit: its Tabs brings an animation library that the trade tab's first
// screen would download and run for one sliding line (issue 14: 22 KiB gzip). WAI-ARIA tabs:
// one tab in the focus order, arrow keys move between them.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tab-bar.module.css';

export interface TabBarItem<K extends string> {
  key: K;
  title: ReactNode;
}

export interface TabBarProps<K extends string> {
  items: readonly TabBarItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  testId?: string;
}

export function TabBar<K extends string>({ items, activeKey, onChange, testId }: TabBarProps<K>) {
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
    <div className={styles.bar} role="tablist" data-testid={testId}>
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
            className={styles.tab}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className={styles.title}>{item.title}</span>
          </button>
        );
      })}
    </div>
  );
}
