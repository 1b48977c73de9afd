// The customer as user/info answers (docs/api/identity.md), for the screens' tests in every package.
import type { IdentityUserInfo } from '../schemas';

/** An unverified member with no fund password; override what the test is about. */
export function userInfo(overrides: Partial<IdentityUserInfo> = {}): IdentityUserInfo {
  return {
    id: 1,
    account: '9012345678',
    role: 'member',
    vipLevel: 0,
    level: 0,
    rebateRatio: null,
    verification: { state: 'unverified', rejectReason: null },
    realName: null,
    hasFundPassword: false,
    passkeyCount: 0,
    unreadMessages: 0,
    restrictions: { frozen: false, loginBanned: false, disabled: false, tradeBanned: false, withdrawBanned: false },
    supportOnly: false,
    createdAt: '2026-01-05T01:00:00.000Z',
    ...overrides,
  };
}
