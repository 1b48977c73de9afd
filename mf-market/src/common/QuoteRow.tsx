// One stock row: name and code, last price, and the day's change as a coloured chip.
// Rows re-render from the live cache; nothing here keeps state.
import type { ReactNode } from 'react';
import { routeTo, useNavigate } from '@kabuto/shared-sdk';
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
    <button type="button" className={styles.row} data-direction={dir} data-testid={`quote-row-${row.code}`} onClick={() => navigate(detailPath(row.code))}>
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
