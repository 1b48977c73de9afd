// The host port: the shell injects navigation, toasts and the current language, so the
// SDK never depends on the shell's router or UI kit. Until the shell configures it, a
// plain browser default works (hash navigation, console toast, stored language).
import type { Lang } from '../i18n/languages';
import type { RemoteWidgetModule } from '../remote/widgets';
import type { RemoteName } from '../routes/route-table';
import { readStoredLang } from '../session/storage';

export interface HostPort {
  /** Go to a hash route, e.g. routeTo('sessionEnded', { v: 1 }). */
  navigate(path: string): void;
  toast(text: string, durationMs: number): void;
  /**
   * Shows a refusal whose answer points to the support chat (a seat account's), with a way
   * there. Without it such a refusal is a toast like any other.
   */
  offerSupport?(text: string): void;
  getLang(): Lang;
  /** One step back in history (after a message-then-back toast). Default: history.back(). */
  back?(): void;
  /** Loads another remote's exposed widget (remote/widgets.ts); none without a shell, so the widget shows its fallback. */
  loadWidget?(remote: RemoteName, expose: string): Promise<RemoteWidgetModule>;
}

export const defaultHost: HostPort = {
  navigate(path) {
    if (typeof location !== 'undefined') location.hash = path;
  },
  toast(text) {
    console.info(`[toast] ${text}`);
  },
  getLang() {
    return readStoredLang();
  },
  back() {
    if (typeof history !== 'undefined') history.back();
  },
};

let host: HostPort = defaultHost;

export function configureHost(port: HostPort): void {
  host = port;
}

export function getHost(): HostPort {
  return host;
}

/** Back to the browser default (tests, or a shell tearing down). */
export function resetHost(): void {
  host = defaultHost;
}

export function goBack(): void {
  (host.back ?? defaultHost.back)?.call(host);
}
