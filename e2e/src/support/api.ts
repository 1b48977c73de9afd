// A signed-in page's calls to the user API, made from inside the page (same origin, the
// same form-encoded body and token/account headers the SDK's transport sends).
import type { Page } from 'playwright-core';

export interface ApiAnswer {
  status: number;
  msg: string;
  data: unknown;
}

export async function callApi(page: Page, path: string, form: Record<string, string>): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ path, form }) => {
      const headers: Record<string, string> = {};
      const token = localStorage.getItem('token');
      const account = localStorage.getItem('account');
      if (token) headers.token = token;
      if (account) headers.account = account;
      const response = await fetch(`/api/vue/${path}`, { method: 'POST', headers, body: new URLSearchParams(form) });
      return (await response.json()) as ApiAnswer;
    },
    { path, form },
  );
}

/** The call's data; throws with the server's message when it refused (a step that must work). */
export async function mustCall<T = unknown>(page: Page, path: string, form: Record<string, string>): Promise<T> {
  const answer = await callApi(page, path, form);
  if (answer.status !== 1) throw new Error(`${path} refused: ${answer.msg}`);
  return answer.data as T;
}

export interface MessageItem {
  id: number;
  kind: string;
  title: string;
}

/** The customer's site messages of one kind (the first 50, newest first; titles in English). */
export async function messagesOf(page: Page, kind: string): Promise<MessageItem[]> {
  const list = await mustCall<{ list: MessageItem[] }>(page, 'user/messages', { page: '1', pageSize: '50', lang: 'en' });
  return list.list.filter((m) => m.kind === kind);
}
