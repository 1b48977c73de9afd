// One site message (ROUTES.messageDetail?id=N); opening it marks it read (server side),
// and the list and the bell refresh. A restriction notice offers to contact support: the chat
// opens about the restriction (support/contact, topic restriction), with its customer text.
import { skipToken } from '@reduxjs/toolkit/query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { MSG, PageState, ROUTES, errorMessage, translateMessage, useAppSelector, useGetMessageDetailQuery } from '@kabuto/shared-sdk';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@kabuto/shared-sdk';
import { useContactSupportMutation } from '../../api/support';
import { useAccountText } from '../../common/texts';
import { Refusal, kit as common } from '@kabuto/shared-sdk/ui';

/** The site message kind of a restriction placed on the account (server notifications). */
const RESTRICTION_NOTICE = 'restriction_set';

function ContactSupportAboutRestriction() {
  const { t, lang } = useAccountText();
  const navigate = useNavigate();
  const [contact, { isLoading }] = useContactSupportMutation();
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    const answer = await contact({ topic: 'restriction' });
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || translateMessage(MSG.systemBusy, lang));
      return;
    }
    void navigate(ROUTES.supportChat);
  }

  return (
    <section className={common.card} data-testid="restriction-contact">
      <p className={common.intro}>{t('msg.contactSupportHint')}</p>
      <Refusal text={error} testId="restriction-contact-error" />
      <Button block color="primary" loading={isLoading} onClick={() => void open()} style={{ marginTop: 8 }} data-testid="restriction-contact-support">
        {t('msg.contactSupport')}
      </Button>
    </section>
  );
}

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
      {data.kind === RESTRICTION_NOTICE && <ContactSupportAboutRestriction />}
    </article>
  );
}
