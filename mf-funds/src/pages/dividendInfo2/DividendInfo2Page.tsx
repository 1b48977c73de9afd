// Dividend details (2) (/pages/common/dividendInfo2). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendInfo2Page() {
  return <PagePending />;
}
