// The Nikkei 225 and TOPIX on market and home. Both are computed from the
// simulated constituents, so they carry the simulated badge and the server's note on how
// they approximate the official method.
import { formatMoney } from '@kabuto/shared-sdk/format';
import { SimulatedBadge } from './SimulatedBadge';
import { direction, formatPercent } from './quote-format';
import { useMarketText } from './texts';
import { useGetIndicesQuery } from '../api/indices';
import common from './market.module.css';
import styles from './index-strip.module.css';

/** Index points, two decimals: 38123.4 → '38,123.40'; a change carries its sign. */
export function formatPoints(points: number, signed = false): string {
  const text = formatMoney(points.toFixed(2), 2);
  return signed && points > 0 ? `+${text}` : text;
}

export function IndexStrip() {
  const { t } = useMarketText();
  const { lang } = useMarketText();
  const textLang = lang === 'tw' || lang === 'jp' ? lang : 'en';
  const { data, isLoading } = useGetIndicesQuery();
  // Until the first answer the strip keeps its place (two empty cards), so the sections below
  // do not jump when the indices arrive (no layout shift on home); a failed call or an
  // empty answer leaves the rest of the page as it is.
  if (isLoading) return <IndexStripPlaceholder title={t('index.title')} />;
  if (!data || data.items.length === 0) return null;
  return (
    <section className={common.section} data-testid="index-strip">
      <header className={common.sectionHead}>
        <span>
          {t('index.title')} <SimulatedBadge />
        </span>
      </header>
      <div className={styles.cards}>
        {data.items.map((item) => {
          const dir = direction(item.change);
          return (
            <div key={item.code} className={styles.card} data-direction={dir} data-testid={`index-${item.code}`}>
              <div className={styles.name}>{item.name[textLang]}</div>
              <div className={styles.value} data-testid="index-value">
                {formatPoints(item.value)}
              </div>
              <div className={styles.change}>
                {formatPoints(item.change, true)} ({formatPercent(item.changePercent)})
              </div>
            </div>
          );
        })}
      </div>
      <ul className={styles.notes}>
        {data.items.map((item) => (
          <li key={item.code}>{item.note[textLang]}</li>
        ))}
      </ul>
    </section>
  );
}

function IndexStripPlaceholder({ title }: { title: string }) {
  return (
    <section className={common.section} data-testid="index-strip-loading" aria-busy="true">
      <header className={common.sectionHead}>
        <span>
          {title} <SimulatedBadge />
        </span>
      </header>
      <div className={styles.cards}>
        {['N225', 'TOPIX'].map((code) => (
          <div key={code} className={styles.card}>
            <div className={styles.name}>{'\u00a0'}</div>
            <div className={styles.value}>—</div>
            <div className={styles.change}>{'\u00a0'}</div>
          </div>
        ))}
      </div>
      <ul className={styles.notes}>
        <li className={styles.notePlaceholder}>{'\u00a0'}</li>
        <li className={styles.notePlaceholder}>{'\u00a0'}</li>
      </ul>
    </section>
  );
}
