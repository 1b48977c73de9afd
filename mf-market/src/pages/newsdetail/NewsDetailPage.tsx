// News detail (/pages/home/newsdetail). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function NewsDetailPage() {
  return <PagePending />;
}
