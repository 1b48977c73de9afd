// The upload policy (spec §7): GET {base}/common/upload → baseUrl, policy, accessid, signature.
// Uploads are private: the policy is asked for one key and purpose, by the logged-in
// user, and comes with `url`, a short-lived signed GET URL of that key for the owner's <img>.
import { MSG } from '../messages/catalogue';
import { classifyAnswer } from '../protocol/envelope';
import { apiBase, fetchWithTimeout, sessionHeaders } from '../protocol/transport';
import { handleUnauthorized } from '../protocol/unauthorized';

/** What an upload is for; the server refuses a key used for another purpose (a KYC photo is no deposit proof). */
export type UploadPurpose = 'kyc-front' | 'kyc-back' | 'deposit-proof' | 'avatar' | 'support-attachment';

export interface UploadPolicy {
  baseUrl: string;
  policy: string;
  accessid: string;
  signature: string;
  /** The key the policy was issued for, its purpose, and the owner's signed GET URL of it. */
  key?: string;
  purpose?: UploadPurpose;
  url?: string;
}

export function isUploadPolicy(value: unknown): value is UploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['baseUrl', 'policy', 'accessid', 'signature'].every((field) => typeof v[field] === 'string' && v[field] !== '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the policy whether the server answers it bare or inside the {status, msg, data}
 * envelope. Rejects with an Error whose message is a catalogue key.
 */
export async function getUploadPolicy(request: { purpose: UploadPurpose; key: string }, signal?: AbortSignal): Promise<UploadPolicy> {
  const query = new URLSearchParams({ purpose: request.purpose, key: request.key }).toString();
  const sent = await fetchWithTimeout(`${apiBase()}/common/upload?${query}`, { method: 'GET', headers: sessionHeaders() }, signal);
  if (sent.kind !== 'answer') throw new Error(MSG.systemBusy);
  const body = parseJson(sent.text);
  if (sent.httpStatus === 200 && isUploadPolicy(body)) return body;
  const answer = classifyAnswer(sent.httpStatus, body);
  if (answer.kind === 'unauthorized') {
    handleUnauthorized(answer.logonVersion);
    throw new Error(MSG.loginRequired);
  }
  if (answer.kind === 'failure') throw new Error(answer.msg);
  if (!isUploadPolicy(answer.data)) throw new Error(MSG.systemBusy);
  return answer.data;
}
