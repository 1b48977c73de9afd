// The credit loan queue: securities-backed loan applications by status, each pending one with
// the customer's figures at application and now (line, borrowable, ratio, score) and their own
// note, approved (the simulated partner bank pays out into the customer's cash through the
// ledger on the server) or rejected with a reason the customer sees.
import { useTranslate } from '@refinedev/core';
import type { OpsLoanRecord } from '@kabuto/shared-sdk/schemas';
import { DecisionButtons } from '../components/ActionButton';
import { ListPage } from '../components/ListPage';
import { useStateQueue } from '../components/StateFilter';
import { enumText } from '../i18n/enum-text';
import { moneyText, when } from './money';

const STATUSES = ['pending', 'approved', 'rejected', 'repaid'] as const;

/** Basis points as a percentage ('62.5 %'), or '—' without collateral. */
export function ratioText(bp: number | null): string {
  return bp === null ? '—' : `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
}

export function CreditLoansPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<OpsLoanRecord, (typeof STATUSES)[number]>('creditLoans', STATUSES, 'status');
  return (
    <ListPage<OpsLoanRecord>
      resource="creditLoans"
      title={t('creditLoans.title')}
      rowKey="id"
      list={list}
      testId="credit-loans-table"
      toolbar={toolbar}
      above={<p style={{ marginTop: 0 }}>{t('creditLoans.simulated')}</p>}
      columns={[
        { title: t('creditLoans.orderNo'), dataIndex: 'orderNo' },
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('common.amount'), key: 'amount', render: (_, row) => moneyText(row.amount) },
        { title: t('common.created'), key: 'appliedAt', render: (_, row) => when(row.appliedAt) },
        {
          title: t('creditLoans.line'),
          key: 'line',
          render: (_, row) => t('creditLoans.thenNow', { then: moneyText(row.creditLine), now: moneyText(row.now.creditLine) }),
        },
        {
          title: t('creditLoans.borrowable'),
          key: 'borrowable',
          render: (_, row) => t('creditLoans.thenNow', { then: moneyText(row.borrowable), now: moneyText(row.now.borrowable) }),
        },
        {
          title: t('creditLoans.score'),
          key: 'score',
          render: (_, row) => t('creditLoans.scoreThenNow', { then: row.creditScore, now: row.now.score.score, threshold: row.now.score.loanThreshold }),
        },
        { title: t('creditLoans.ratio'), key: 'ratio', render: (_, row) => `${ratioText(row.now.ratioBp)} (${enumText(t, 'loanState', row.now.state)})` },
        { title: t('creditLoans.note'), key: 'note', render: (_, row) => row.note ?? t('common.none') },
        {
          title: t('creditLoans.decision'),
          key: 'decision',
          render: (_, row) => (row.decidedBy ? t('creditLoans.decidedBy', { reason: row.reason ?? t('common.none'), by: row.decidedBy }) : t('common.none')),
        },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_, row) =>
            row.status === 'pending' ? <DecisionButtons resource="creditLoans" id={row.id} onDone={list.refetch} testIdPrefix="credit-loan" /> : null,
        },
      ]}
    />
  );
}
