// One stock row: name and code, last price, and the day's change as a coloured chip.
// Rows re-render from the live cache; nothing here keeps state.
import type { ReactNode } from 'react';
import { routeTo } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { InstrumentNames } from '../api/market';
import { direction, formatPercent, formatPrice, stockName } from './quote-format';
import styles from './market.module.css';
import { useMarketText } from './texts';

export interface QuoteRowData {
  code: string;
  name: InstrumentNames;
  last: number | null;
  previousClose?: number;
  change: number | null;
  changePercent: number | null;
}

export function detailPath(code: string): string {
  return routeTo('stockDetail', { code });
}

export function QuoteRow({ row, extra }: { row: QuoteRowData; extra?: ReactNode }) {
  const { lang } = useMarketText();
  const navigate = useNavigate();
  const dir = direction(row.change);
  return (
    <button type="button" className={styles.row} data-direction={dir} data-testid={`quote-row-${row.code}`} onClick={() => void navigate(detailPath(row.code))}>
      <div>
        <div className={styles.name}>{stockName(row.name, lang)}</div>
        <div className={styles.code}>
          {row.code}
          {extra}
        </div>
      </div>
      <div className={styles.price} data-testid="row-last">
        {formatPrice(row.last ?? row.previousClose ?? null)}
      </div>
      <div className={styles.chip} data-direction={dir}>
        {formatPercent(row.changePercent)}
      </div>
    </button>
  );
}

/**
 * An empty row the height of a QuoteRow (same grid, a blank line for each text), held in
 * place while a list of known length loads, so what is below does not jump when the rows
 * arrive (else home's layout shifts: the news moves down under the hot stocks).
 */
export function QuoteRowPlaceholder() {
  return (
    <div className={`${styles.row} ${styles.rowPlaceholder}`} aria-hidden="true" data-testid="quote-row-placeholder">
      <div>
        <div className={styles.name}>{'\u00a0'}</div>
        <div className={styles.code}>{'\u00a0'}</div>
      </div>
      <div className={styles.price}>{'\u00a0'}</div>
      <div className={styles.chip}>{'\u00a0'}</div>
    </div>
  );
}

/** The loading state of a list of `rows` quote rows: its text over that many empty rows. */
export function QuoteRowsLoading({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <div className={styles.rowsLoading}>
      {children}
      {Array.from({ length: rows }, (_, index) => (
        <QuoteRowPlaceholder key={index} />
      ))}
    </div>
  );
}
