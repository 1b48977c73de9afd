// Client helpers of identity and security: passkey step-up (reused by funds), passkey
// enrolment, the device id sent with logins.
export { deviceId, DEVICE_ID_KEY } from './device-id';
export { detailMoney, errorDetail, errorMessage, errorMsg, offersSupport, refusalWithFigures, toOutcome } from './call-outcome';
export { enrolPasskey, useEnrolPasskey, type EnrolResult } from './enrol-passkey';
export { isWebAuthnCancel, runStepUp, type AskForCode, type CallOutcome, type CodeRequest, type StepUpDeps, type StepUpResult } from './step-up';
export { usePasskeyStepUp, type PasskeyStepUpOptions } from './use-passkey-step-up';
export { browserHasWebAuthn, passkeyAssertion, passkeyRegistration } from './webauthn';
