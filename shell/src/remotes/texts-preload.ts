// A remote's texts are a chunk per language (SDK 2.10). The boot script preloads them for the
// page opened first; a remote opened later (a tap on another tab) would otherwise ask for its
// texts only once its ./routes has run, a round trip before its page can render. So when a
// remote starts loading, the files of its texts in the page's language are asked for at once,
// beside its entry, from the lists the server put in the page (server/src/static/shell.ts).
import type { Lang, RemoteName } from '@kabuto/shared-sdk';
import { PAGE_REGISTRY_ID } from './registry';

interface BootTexts {
  /** Per remote: the URLs preloaded with it, the release's manifest first. */
  preload?: Partial<Record<RemoteName, string[]>>;
  /** Per remote and language: its texts' files, relative to the manifest's folder. */
  texts?: Partial<Record<RemoteName, Partial<Record<Lang, string[]>>>>;
}

function bootTexts(doc: Document): BootTexts {
  try {
    return JSON.parse(doc.getElementById(PAGE_REGISTRY_ID)?.textContent ?? '{}') as BootTexts;
  } catch {
    return {};
  }
}

/** URLs of `remote`'s texts in `lang` by the page's lists (none when the page has no list). */
export function remoteTextUrls(remote: RemoteName, lang: Lang, doc: Document = document): string[] {
  const boot = bootTexts(doc);
  const manifest = boot.preload?.[remote]?.[0];
  const files = boot.texts?.[remote]?.[lang];
  if (!manifest || !Array.isArray(files)) return [];
  const folder = manifest.slice(0, manifest.lastIndexOf('/') + 1);
  return files.filter((file) => typeof file === 'string').map((file) => `${folder}${file}`);
}

/** Adds a preload for each of `remote`'s text files in `lang` that the page has not asked for yet. */
export function preloadRemoteTexts(remote: RemoteName, lang: Lang, doc: Document = document): void {
  const asked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href));
  for (const url of remoteTextUrls(remote, lang, doc)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = url;
    if (asked.has(link.href)) continue;
    doc.head.appendChild(link);
  }
}
