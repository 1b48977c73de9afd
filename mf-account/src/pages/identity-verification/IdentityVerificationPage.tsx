// Identity verification (ROUTES.identityVerification): real name, its katakana reading (what a
// bank card's holder name is checked against), ID number, document type, front and back
// photos. States: unverified → under review → verified, or rejected
// with the reason and a new submission.
import { Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import {
  ImageUploadField,
  MSG,
  TOAST_MS,
  errorMessage,
  getHost,
  messageText,
  translateMessage,
  useAppSelector,
  useGetRealNameStatusQuery,
  useRealNameSubmitMutation,
  QueryState,
  isLoaded,
} from '@kabuto/shared-sdk';
import { DOC_TYPES, docHasBack, firstErrorKey, realNameSubmitFormSchema, type DocType, type RealNameStatus } from '@kabuto/shared-sdk/schemas';
import { formatDateTime } from '@kabuto/shared-sdk';
import { StateBadge } from '../../common/StateBadge';
import { useAccountText } from '../../common/texts';
import { SubmitFooter, kit as common } from '@kabuto/shared-sdk/ui';

function StatusCard({ status }: { status: RealNameStatus }) {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  return (
    <section className={common.card} data-testid="kyc-status">
      <p className={common.label}>
        {t('kyc.state')} <StateBadge state={status.state} />
      </p>
      {status.state === 'under_review' && <p className={common.intro}>{t('kyc.underReviewBody')}</p>}
      {status.state === 'verified' && <p className={common.intro}>{t('kyc.verifiedBody')}</p>}
      {status.state === 'rejected' && (
        <p className={common.error} data-testid="kyc-reject-reason">
          {t('kyc.rejectedBody', { reason: status.rejectReason ?? '' })}
        </p>
      )}
      {status.realName && (
        <p className={common.intro}>
          {status.realName}
          {status.nameKana ? `（${status.nameKana}）` : ''} · {status.idNumberMasked}
          {status.docType ? ` · ${t(`kyc.doc.${status.docType}`)}` : ''}
        </p>
      )}
      {status.submittedAt && <p className={common.muted}>{t('kyc.submittedAt', { date: formatDateTime(status.submittedAt, lang) })}</p>}
    </section>
  );
}

function VerificationForm() {
  const { t } = useAccountText();
  const lang = useAppSelector((state) => state.session.lang);
  const [submit, { isLoading }] = useRealNameSubmitMutation();
  const [realName, setRealName] = useState('');
  const [nameKana, setNameKana] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [docType, setDocType] = useState<DocType | ''>('');
  const [frontKey, setFrontKey] = useState('');
  const [backKey, setBackKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send() {
    const checked = realNameSubmitFormSchema.safeParse({ realName, nameKana, idNumber, docType, frontKey, backKey });
    if (!checked.success) {
      setError(translateMessage(firstErrorKey(checked) ?? MSG.invalidParams, lang));
      return;
    }
    setError(null);
    const answer = await submit(checked.data);
    if ('error' in answer && answer.error) {
      setError(errorMessage(answer.error) || null);
      return;
    }
    getHost().toast(messageText('realNameSubmitted', lang), TOAST_MS);
  }

  return (
    <Form layout="vertical" onFinish={() => void send()} footer={<SubmitFooter error={error} loading={isLoading} label={t('common.submit')} />}>
      <Form.Item label={t('kyc.realName')}>
        <Input value={realName} onChange={setRealName} placeholder={t('kyc.realNamePlaceholder')} aria-label={t('kyc.realName')} autoComplete="name" />
      </Form.Item>
      <Form.Item label={t('kyc.nameKana')} description={t('kyc.nameKanaHint')}>
        <Input value={nameKana} onChange={setNameKana} placeholder={t('kyc.nameKanaPlaceholder')} aria-label={t('kyc.nameKana')} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('kyc.idNumber')}>
        <Input value={idNumber} onChange={setIdNumber} placeholder={t('kyc.idNumberPlaceholder')} aria-label={t('kyc.idNumber')} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('kyc.docType')}>
        <Selector
          columns={2}
          value={docType ? [docType] : []}
          onChange={(values) => setDocType(values[0] ?? '')}
          options={DOC_TYPES.map((type) => ({ value: type, label: t(`kyc.doc.${type}`) }))}
          data-testid="kyc-doc-type"
        />
      </Form.Item>
      <Form.Item>
        <ImageUploadField label={t('kyc.front')} testId="kyc-front" purpose="kyc-front" value={frontKey} onChange={setFrontKey} />
      </Form.Item>
      {/* A one-sided document (resident record, passport) asks for its front only. */}
      {(docType === '' || docHasBack(docType)) && (
        <Form.Item>
          <ImageUploadField label={t('kyc.back')} testId="kyc-back" purpose="kyc-back" value={backKey} onChange={setBackKey} />
        </Form.Item>
      )}
    </Form>
  );
}

export default function IdentityVerificationPage() {
  const { t } = useAccountText();
  const query = useGetRealNameStatusQuery();

  if (!isLoaded(query)) return <QueryState query={query} page />;
  const status = query.data;
  const canSubmit = status.state === 'unverified' || status.state === 'rejected';
  return (
    <div className={common.page} data-testid="kyc-page">
      {status.state !== 'unverified' && <StatusCard status={status} />}
      {canSubmit && (
        <>
          <p className={common.intro}>{status.state === 'rejected' ? t('kyc.resubmit') : t('kyc.intro')}</p>
          <VerificationForm />
        </>
      )}
    </div>
  );
}
