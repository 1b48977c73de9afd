// Deposit channel (/pages/mine/capitalChannel). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function CapitalChannelPage() {
  return <PagePending />;
}
