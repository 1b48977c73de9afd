// Dividend details (/pages/common/dividendInfo). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function DividendInfoPage() {
  return <PagePending />;
}
