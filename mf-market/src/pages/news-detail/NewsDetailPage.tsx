// News detail (ROUTES.newsDetail?id=…). The body is HTML the server sanitised with an
// allow-list when the operator stored it (docs/api/market.md §5), so it is rendered as is.
import { PageState } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { useGetNewsDetailQuery } from '../../api/market';
import { useMarketText } from '../../common/texts';
import { SampleBadge } from '../../common/NewsRow';
import { formatPublished } from '../../common/published';
import common from '../../common/market.module.css';
import styles from '../../common/news.module.css';

export function newsIdFrom(text: string | null): number | null {
  if (!text || !/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

export default function NewsDetailPage() {
  const { t } = useMarketText();
  const { lang } = useMarketText();
  const [params] = useSearchParams();
  const id = newsIdFrom(params.get('id'));
  const { data, isLoading, isError, error, refetch } = useGetNewsDetailQuery({ id: id ?? 0, lang }, { skip: id === null });

  // The SDK's page state, not antd-mobile's ErrorBlock (44 KB of illustrations).
  if (id === null) return <PageState status="empty" emptyText={t('news.notFound')} testId="news-not-found" />;
  if (isLoading) return <PageState status="loading" />;
  if (isError || !data) {
    const notFound = error && 'msg' in error && error.msg !== '' && error.failure === 'rejected';
    return notFound ? (
      <PageState status="empty" emptyText={error.message || t('news.notFound')} testId="news-not-found" />
    ) : (
      <PageState status="failed" onRetry={() => void refetch()} />
    );
  }
  return (
    <div className={common.page}>
      <article className={styles.article} data-testid="news-article">
        <h1>{data.title}</h1>
        <div className={styles.meta}>
          {data.sample && <SampleBadge />}
          {data.source && <span>{data.source}</span>}
          <time dateTime={data.publishedAt}>{formatPublished(data.publishedAt)}</time>
        </div>
        {data.sample && <p className={styles.sampleNote}>{t('news.sampleNote')}</p>}
        {/* Sanitised on the server before storage (allow-listed tags and attributes only). */}
        <div className={styles.body} data-testid="news-body" dangerouslySetInnerHTML={{ __html: data.body }} />
      </article>
    </div>
  );
}
