// Profile (/pages/mine/mine). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function MinePage() {
  return <PagePending />;
}
