// Dividend details (5) (/pages/common/dividendInfo5). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendInfo5Page() {
  return <PagePending />;
}
