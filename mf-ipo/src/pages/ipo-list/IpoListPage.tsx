// IPO list (ROUTES.ipoList). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function IpoListPage() {
  return <PagePending />;
}
