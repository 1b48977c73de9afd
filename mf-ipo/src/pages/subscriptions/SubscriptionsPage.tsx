// Subscription records (ROUTES.ipoSubscriptions). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function SubscriptionsPage() {
  return <PagePending />;
}
