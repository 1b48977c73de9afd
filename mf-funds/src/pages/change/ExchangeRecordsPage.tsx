// Exchange records (/pages/mine/change). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function ExchangeRecordsPage() {
  return <PagePending />;
}
