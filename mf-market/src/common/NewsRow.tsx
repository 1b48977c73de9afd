// One article in a list: title, summary, source and date; demo seed articles carry a "sample" badge.
import { routeTo } from '@kabuto/shared-sdk';
import { useNavigate } from 'react-router-dom';
import type { NewsItem } from '../api/market';
import { useMarketText } from './texts';
import { formatPublished } from './published';
import common from './market.module.css';
import styles from './news.module.css';

export function newsDetailPath(id: number): string {
  return routeTo('newsDetail', { id });
}

export function SampleBadge() {
  const { t } = useMarketText();
  return (
    <span className={common.badge} data-testid="sample-badge" title={t('news.sampleNote')}>
      {t('news.sample')}
    </span>
  );
}

export function NewsRow({ item }: { item: NewsItem }) {
  const navigate = useNavigate();
  return (
    <button type="button" className={styles.row} onClick={() => void navigate(newsDetailPath(item.id))} data-testid={`news-row-${item.id}`}>
      <div className={styles.title}>
        {item.sample && <SampleBadge />} {item.title}
      </div>
      {item.summary && <div className={styles.summary}>{item.summary}</div>}
      <div className={styles.meta}>
        {item.source && <span>{item.source}</span>}
        <time dateTime={item.publishedAt}>{formatPublished(item.publishedAt)}</time>
      </div>
    </button>
  );
}
