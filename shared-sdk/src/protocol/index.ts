export {
  classifyAnswer,
  normaliseStatus,
  parseRawBody,
  unwrapNullWrapper,
  type Answer,
  type Envelope,
  type EnvelopeFailure,
  type EnvelopeSuccess,
  type FailureKind,
  type LogonVersion,
} from './envelope';
export { configureHost, defaultHost, getHost, goBack, resetHost, type HostPort } from './host';
export { reportFailure, request, requestRaw, type RequestOptions } from './request';
export { isSupportHint } from './support-hint';
export { apiBase, apiUrl, encodeParams, fetchWithTimeout, postForm, sessionHeaders, type RequestParams, type TransportResult } from './transport';
export { handleUnauthorized, isUnauthorizedRedirectPending, logonPath, unauthorizedRedirectDone } from './unauthorized';
