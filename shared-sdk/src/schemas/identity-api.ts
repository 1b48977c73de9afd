// Answer shapes of the identity calls (docs/api/identity.md §2), for the account pages
// and the server alike. Types only.
import type { DocType, StepUpPurpose } from './identity';

export type Role = 'member' | 'institution' | 'agent';
export type VerificationState = 'unverified' | 'under_review' | 'verified' | 'rejected';

export interface UserRestrictions {
  frozen: boolean;
  loginBanned: boolean;
  disabled: boolean;
  tradeBanned: boolean;
  withdrawBanned: boolean;
}

export interface IdentityUserInfo {
  id: number;
  account: string;
  role: Role;
  vipLevel: number;
  /** = vipLevel; spec §3: the client's VIP check reads `level`. */
  level: number;
  /** Agents only, e.g. 0.1 for 10 %. */
  rebateRatio: number | null;
  verification: { state: VerificationState; rejectReason: string | null };
  realName: string | null;
  hasFundPassword: boolean;
  passkeyCount: number;
  unreadMessages: number;
  restrictions: UserRestrictions;
  /** Institution (seat) accounts may only use customer support. */
  supportOnly: boolean;
  createdAt: string;
}

/** JSON of WebAuthn options as @simplewebauthn produces them (passed on untouched). */
export type WebAuthnOptionsJSON = Record<string, unknown>;

export interface SessionResult {
  step: 'done';
  passkeyRequired: false;
  reverificationRequired: false;
  token: string;
  account: string;
  userInfo: IdentityUserInfo;
  offerPasskeyEnrolment: boolean;
}

export interface PasskeyStep {
  step: 'passkey';
  passkeyRequired: true;
  reverificationRequired: false;
  loginTicket: string;
  options: WebAuthnOptionsJSON;
}

export interface CodeStep {
  step: 'code';
  passkeyRequired: false;
  reverificationRequired: true;
  sentTo: string;
}

export type LoginResult = SessionResult | PasskeyStep | CodeStep;

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  transports: string[];
}

export type StepUpOptionsResult = { method: 'passkey'; options: WebAuthnOptionsJSON } | { method: 'code'; sentTo: string };

export interface StepUpGrantResult {
  purpose: StepUpPurpose;
  expiresAt: string;
}

export interface RealNameStatus {
  state: VerificationState;
  rejectReason: string | null;
  realName: string | null;
  /** The reading of the real name in full-width katakana (null for a submission made before it was asked). */
  nameKana: string | null;
  idNumberMasked: string | null;
  docType: DocType | null;
  submittedAt: string | null;
  reviewedAt: string | null;
}

export interface SiteMessageItem {
  id: number;
  kind: string;
  title: string;
  summary: string;
  createdAt: string;
  read: boolean;
}

export interface SiteMessagePage {
  list: SiteMessageItem[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
}

export interface SiteMessageDetail {
  id: number;
  kind: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

export interface InviteCodeInfo {
  code: string;
  active: boolean;
  createdAt: string;
  registrations: number;
}
