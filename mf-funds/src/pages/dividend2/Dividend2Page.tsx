// Dividends (2) (/pages/common/dividend2). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function Dividend2Page() {
  return <PagePending />;
}
