// Dividend details (3) (/pages/common/dividendInfo3). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendInfo3Page() {
  return <PagePending />;
}
