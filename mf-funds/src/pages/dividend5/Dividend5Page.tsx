// Dividends (5) (/pages/common/dividend5). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function Dividend5Page() {
  return <PagePending />;
}
