// The security messages in English, by name (the names and the catalogue keys: ../security.ts).
import type { securityMessages } from '../security';
import type { MessageTexts } from '../types';

export const securityMessagesEn: MessageTexts<typeof securityMessages> = {
  sessionExpired: 'Your session has expired. Please log in again',
  /** The lock period is LOCKOUT_MINUTES (server/src/modules/identity/constants.ts). */
  // Password sign-in is paused for a growing delay (at most 15 minutes); a passkey still works.
  accountLocked: 'Too many wrong passwords. Wait a few minutes and try again, sign in with your passkey, or contact support',
  logoutSuccess: 'Logged out',
  loginTicketExpired: 'The login verification has expired. Please log in again',
  codeSentIfExists: 'If the account exists, a verification code has been sent',
  codeSent: 'Verification code sent',
  codeInvalid: 'The verification code is wrong or has expired',
  codeFormat: 'Please enter the 6-digit code',
  passkeyFailed: 'Passkey verification failed',
  passkeyExists: 'This passkey is already registered',
  passkeyNotFound: 'Passkey not found',
  passkeyAdded: 'Passkey added',
  passkeyNameInvalid: 'The name must be 1 to 40 characters',
  stepUpRequired: 'Please confirm it is you first',
  passkeyRequiredForStepUp: 'Please confirm with your passkey',
  realNameSubmitted: 'Identity information submitted. Please wait for the review',
  docTypeInvalid: 'Please choose a document type',
  idNumberInvalid: 'Invalid ID number',
  uploadNotFound: 'Image not found. Please upload it again',
  messageNotFound: 'Message not found',
  reasonRequired: 'A reason is required',
  // Operator-side answers (API and `npm run ops`).
  operatorCredentialRequired: 'A valid operator credential is required',
  operatorPasskeyHeld: 'This operator already has a passkey: sign in with it',
  operatorPasskeyLast: 'The last passkey cannot be removed: add another one first',
  operatorSessionRequired: 'This needs a console session (credential plus passkey)',
  operatorCredentialOffNetwork:
    'The operator credential alone works only from the operator networks; sign in on the console with the credential and your passkey',
  kycNotUnderReview: 'No identity verification is waiting for review',
  rebateRatioRequired: 'An agent needs a rebate ratio between 0 and 1',
};
