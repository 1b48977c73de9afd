// Helpers for tests that drive the protocol through a fake fetch and a recording host.
import type { Lang } from '../i18n/languages';
import { configureHost, type HostPort } from '../protocol/host';

export interface RecordingHost extends HostPort {
  navigations: string[];
  toasts: Array<{ text: string; durationMs: number }>;
  backs: number;
  lang: Lang;
}

export function installRecordingHost(lang: Lang = 'en'): RecordingHost {
  const host: RecordingHost = {
    navigations: [],
    toasts: [],
    backs: 0,
    lang,
    navigate(path) {
      host.navigations.push(path);
    },
    toast(text, durationMs) {
      host.toasts.push({ text, durationMs });
    },
    getLang() {
      return host.lang;
    },
    back() {
      host.backs += 1;
    },
  };
  configureHost(host);
  return host;
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams | FormData | undefined;
}

type FakeAnswer = { status: number; body: string } | Error;

/** Replaces global fetch; each call takes the next answer (the last one repeats). */
export function installFakeFetch(...answers: FakeAnswer[]): FakeCall[] {
  const calls: FakeCall[] = [];
  let index = 0;
  const fake = (url: string, init: RequestInit & { body?: URLSearchParams | FormData }) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
    });
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (!answer || answer instanceof Error) return Promise.reject(answer ?? new Error('no answer'));
    return Promise.resolve({ status: answer.status, text: () => Promise.resolve(answer.body) });
  };
  globalThis.fetch = fake as unknown as typeof fetch;
  return calls;
}

export function json(status: number, body: unknown): { status: number; body: string } {
  return { status, body: JSON.stringify(body) };
}
