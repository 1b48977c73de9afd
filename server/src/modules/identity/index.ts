// Public surface of the identity module: what other modules may import. Customers, sessions,
// the guards a route puts in front of a customer call, site messages and notices, the tables.
export { USER_API, type IdentityDeps } from './deps';
export * from './schema';
export { registerAuthUserDecoration, restrictionsOf, type AuthUser } from './auth-user';
export {
  currentUser,
  forbidInstitution,
  hasStepUpGrant,
  requireNotRestricted,
  refuseWhileTradingBarred,
  requireStepUp,
  requireUser,
  requireVerifiedIdentity,
  lookupSession,
  type SessionLookup,
  SESSION_ENDED_STATUS,
  type RestrictedKind,
  customerReasonOf,
  SEAT_ACCOUNT_SUPPORT_HINT,
} from './guards';
export { createSession, revokeUserSessions, type RevokeReason } from './sessions';
export { findUserByAccount, findUserById, latestVerification, rebateRatioOf } from './user-info';
export { verifyPassword } from './passwords';
export {
  checkFundPassword,
  confirmFundPasswordProof,
  holdsFundPasswordGrant,
  issueFundPasswordGrant,
  revokeFundPasswordGrants,
  type FundPasswordProof,
  type FundPasswordUser,
} from './fund-password';
export { notifyUser, sendNotice, sendPushNotice, storeSiteMessage, type NoticeTarget } from './notify-user';
export { RATE_LIMITS } from './rate-limits';
export { createRestrictionHooks, type RestrictionChange, type RestrictionHooks, type RestrictionListener, type RestrictionName } from './restriction-hooks';
export { byProvenUser, provenUserLimit } from './rate-limits';
