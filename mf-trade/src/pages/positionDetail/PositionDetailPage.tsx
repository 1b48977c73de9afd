// Position detail (/pages/common/positionDetail). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function PositionDetailPage() {
  return <PagePending />;
}
