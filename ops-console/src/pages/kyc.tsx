// Identity review: submissions by state with the private photos (opened through the audited
// route only when asked), approved, or rejected with the reason the customer is told.
import { useTranslate } from '@refinedev/core';
import { Space } from 'antd';
import { ActionButton } from '../components/ActionButton';
import { ListPage } from '../components/ListPage';
import { PrivateImages } from '../components/PrivateImage';
import { useStateQueue } from '../components/StateFilter';
import { when } from './money';

interface KycRow {
  account: string;
  realName: string;
  idNumber: string;
  docType: string;
  frontKey: string | null;
  backKey: string | null;
  state: string;
  rejectReason: string | null;
  submittedAt: string;
  reviewedBy: string | null;
}

const STATES = ['under_review', 'verified', 'rejected'] as const;

export function KycPage() {
  const t = useTranslate();
  const { list, toolbar } = useStateQueue<KycRow, (typeof STATES)[number]>('kyc', STATES);
  return (
    <ListPage<KycRow>
      resource="kyc"
      title={t('kyc.title')}
      rowKey="account"
      list={list}
      toolbar={toolbar}
      columns={[
        { title: t('common.account'), dataIndex: 'account' },
        { title: t('kyc.realName'), dataIndex: 'realName' },
        { title: t('kyc.idNumber'), dataIndex: 'idNumber' },
        { title: t('kyc.docType'), dataIndex: 'docType' },
        { title: t('common.created'), key: 'submittedAt', render: (_, row) => when(row.submittedAt) },
        { title: t('kyc.photos'), key: 'photos', render: (_, row) => <PrivateImages keys={[row.frontKey, row.backKey]} label={t('kyc.showPhotos')} /> },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_, row) =>
            row.state === 'under_review' ? (
              <Space>
                <ActionButton
                  resource="kyc"
                  action="approve"
                  params={{ account: row.account }}
                  label={t('common.approve')}
                  reason="optional"
                  primary
                  onDone={list.refetch}
                />
                <ActionButton
                  resource="kyc"
                  action="reject"
                  params={{ account: row.account }}
                  label={t('common.reject')}
                  reason="required"
                  danger
                  onDone={list.refetch}
                />
              </Space>
            ) : (
              `${row.reviewedBy ?? ''} ${row.rejectReason ?? ''}`
            ),
        },
      ]}
    />
  );
}
