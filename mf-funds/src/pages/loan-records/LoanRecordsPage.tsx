// Loan records (ROUTES.loanRecords, spec /pages/mine/jkjl): every loan application, newest
// first, with every field of the spec's loan entity (order number, amount, loan time, status,
// credit score, credit line, borrowable amount, borrowed amount) and what followed (repaid,
// interest, still owed, the decision with its reason); paginated with the spec's list states.
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES, formatDateTime, formatMoneyText } from '@kabuto/shared-sdk';
import type { LoanRecord, LoanRecordsPage as LoanPage } from '@kabuto/shared-sdk/schemas';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { useLazyGetLoanRecordsQuery } from '../../api/credit';
import { usePagedList } from '../../common/paged-list';
import { PagedListView } from '../../common/PagedListView';
import { useFundsText } from '../../common/texts';
import type { FundsTextKey } from '../../texts/en';

function Field({ label, value, testId }: { label: FundsTextKey; value: string; testId?: string }) {
  const { t } = useFundsText();
  return (
    <div className={styles.row}>
      <span className={styles.muted}>{t(label)}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

export function LoanRecordRow({ record }: { record: LoanRecord }) {
  const { t, lang } = useFundsText();
  return (
    <div className={styles.item} data-testid="loan-record" data-id={record.id} data-status={record.status}>
      <div className={styles.row}>
        <span>
          {t('records.orderNo')} {record.orderNo}
        </span>
        <span className={styles.badge} data-state={record.status} data-testid="loan-record-status">
          {t(`records.status.${record.status}`)}
        </span>
      </div>
      <Field label="records.amount" value={formatMoneyText(record.amount)} testId="loan-record-amount" />
      <Field label="records.appliedAt" value={formatDateTime(record.appliedAt, lang)} />
      <Field label="records.creditScore" value={String(record.creditScore)} />
      <Field label="records.creditLine" value={formatMoneyText(record.creditLine)} />
      <Field label="records.borrowable" value={formatMoneyText(record.borrowable)} />
      <Field label="records.borrowed" value={formatMoneyText(record.borrowed)} testId="loan-record-borrowed" />
      {record.status !== 'pending' && record.status !== 'rejected' && (
        <>
          <Field label="records.repaid" value={formatMoneyText(record.repaid)} testId="loan-record-repaid" />
          <Field label="records.interest" value={formatMoneyText(record.interest)} />
          <Field label="records.outstanding" value={formatMoneyText(record.outstanding)} testId="loan-record-outstanding" />
        </>
      )}
      {record.decidedAt && <Field label="records.decidedAt" value={formatDateTime(record.decidedAt, lang)} />}
      {record.reason && <Field label="records.reason" value={record.reason} testId="loan-record-reason" />}
      {record.note && <Field label="records.note" value={record.note} />}
      {record.repaidAt && <Field label="records.repaidAt" value={formatDateTime(record.repaidAt, lang)} />}
    </div>
  );
}

export default function LoanRecordsPage() {
  const { t } = useFundsText();
  const navigate = useNavigate();
  const [trigger] = useLazyGetLoanRecordsQuery();
  const fetchPage = useCallback((page: number) => trigger({ page, size: 20 }).unwrap(), [trigger]);
  const list = usePagedList<LoanRecord, LoanPage>(fetchPage);
  return (
    <div className={styles.page} data-testid="loan-records">
      <PagedListView list={list} testId="loan-list" emptyText={t('records.empty')} itemKey={(r) => r.id} renderItem={(r) => <LoanRecordRow record={r} />} />
      <Button block color="primary" onClick={() => void navigate(ROUTES.creditLoan)} data-testid="link-credit-loan">
        {t('records.toLoan')}
      </Button>
    </div>
  );
}
