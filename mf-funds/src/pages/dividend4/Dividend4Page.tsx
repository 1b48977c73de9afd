// Dividends (4) (/pages/common/dividend4). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function Dividend4Page() {
  return <PagePending />;
}
