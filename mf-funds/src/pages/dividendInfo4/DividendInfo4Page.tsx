// Dividend details (4) (/pages/common/dividendInfo4). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendInfo4Page() {
  return <PagePending />;
}
