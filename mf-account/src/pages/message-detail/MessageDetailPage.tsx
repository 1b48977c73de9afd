// One site message (ROUTES.messageDetail?id=N); opening it marks it read (server side),
// and the list and the bell refresh.
import { skipToken } from '@reduxjs/toolkit/query';
import { PageState, useAppSelector, useGetMessageDetailQuery } from '@kabuto/shared-sdk';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@kabuto/shared-sdk';
import { useAccountText } from '../../common/texts';
import { kit as common } from '@kabuto/shared-sdk/ui';

export default function MessageDetailPage() {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const { data, isLoading, isError } = useGetMessageDetailQuery(valid ? { id, lang } : skipToken);

  if (valid && isLoading)
    return (
      <div className={common.page}>
        <PageState status="loading" />
      </div>
    );
  if (!valid || isError || !data) return <p className={common.page}>{t('msg.notFound')}</p>;
  return (
    <article className={common.page} data-testid="message-detail">
      <h2 style={{ margin: 0, fontSize: 18 }}>{data.title}</h2>
      <p className={common.muted}>{formatDateTime(data.createdAt, lang)}</p>
      <div className={common.card} style={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>
        {data.body}
      </div>
    </article>
  );
}
