// i18next's `resources` shape for one namespace, from a Translations table.
import type { Translations } from '../i18n/languages';

export type NamespaceResources = Record<string, Record<string, Record<string, string>>>;

export function namespaceResources(namespace: string, translations: Translations): NamespaceResources {
  const resources: NamespaceResources = {};
  for (const [lang, texts] of Object.entries(translations)) {
    if (texts) resources[lang] = { [namespace]: texts };
  }
  return resources;
}
