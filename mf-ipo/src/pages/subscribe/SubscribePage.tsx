// New share subscription (ROUTES.ipoSubscribe). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function SubscribePage() {
  return <PagePending />;
}
