// Fund records (/pages/mine/transactionRecord). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function TransactionRecordPage() {
  return <PagePending />;
}
