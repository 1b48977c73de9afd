// New share subscription (/pages/market/subscribe). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function SubscribePage() {
  return <PagePending />;
}
