// The upload policy (spec §7): GET {base}/common/upload → baseUrl, policy, accessid, signature.
import { MSG } from '../messages/catalogue';
import { classifyAnswer } from '../protocol/envelope';
import { apiBase, fetchWithTimeout, sessionHeaders } from '../protocol/transport';
import { handleUnauthorized } from '../protocol/unauthorized';

export interface UploadPolicy {
  baseUrl: string;
  policy: string;
  accessid: string;
  signature: string;
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
export async function getUploadPolicy(signal?: AbortSignal): Promise<UploadPolicy> {
  const sent = await fetchWithTimeout(`${apiBase()}/common/upload`, { method: 'GET', headers: sessionHeaders() }, signal);
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
