// Site messages (/pages/home/message). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function MessagesPage() {
  return <PagePending />;
}
