// Dividends (3) (/pages/common/dividend3). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function Dividend3Page() {
  return <PagePending />;
}
