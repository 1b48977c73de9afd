// Identity verification (/pages/mine/bandCard). Until its feature issue lands the page says so honestly.
import { PagePending } from '@kabuto/shared-sdk/ui';

export default function IdentityVerificationPage() {
  return <PagePending />;
}
