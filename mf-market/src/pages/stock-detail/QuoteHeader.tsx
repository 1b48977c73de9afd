// The live quote: name, code, phase, last price and change, then the spec §3 fields.
import type { MarketQuote } from '../../api/market';
import { SimulatedBadge } from '../../common/SimulatedBadge';
import { direction, formatChange, formatPercent, formatPrice, stockName } from '../../common/quote-format';
import { useMarketText } from '../../common/texts';
import { detailFields } from './detail-fields';
import common from '../../common/market.module.css';
import styles from './details.module.css';

export function QuoteHeader({ quote }: { quote: MarketQuote }) {
  const { t } = useMarketText();
  const { lang } = useMarketText();
  const dir = direction(quote.change);
  return (
    <section className={`${common.section} ${styles.head}`} data-testid="quote-head">
      <div className={styles.titleLine}>
        <div>
          <h2 className={styles.name}>{stockName(quote.name, lang)}</h2>
          <span className={common.code}>
            {quote.code} · {t(`phase.${quote.phase}`)}
            {quote.specialQuote && <> · {t('detail.specialQuote')}</>}
          </span>
        </div>
        <SimulatedBadge />
      </div>
      <div className={styles.priceLine} data-direction={dir}>
        <span className={`${common.text} ${styles.last}`} data-direction={dir} data-testid="quote-last" data-at={quote.at}>
          {quote.last === null ? formatPrice(quote.previousClose) : formatPrice(quote.last)}
        </span>
        <span className={common.text} data-direction={dir}>
          {formatChange(quote.change)} ({formatPercent(quote.changePercent)})
        </span>
      </div>
      <dl className={styles.fields}>
        {detailFields(quote, lang).map((field) => (
          <div key={field.key} data-testid={`field-${field.key}`}>
            <dt>{t(field.labelKey)}</dt>
            <dd className={common.text} data-direction={field.direction}>
              {field.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
