// The screens' own texts, read from each package's translation table so a test follows a
// wording change: `{{name}}` values filled in as i18next does.
export type TextTable = Record<string, Record<string, string | undefined> | undefined>;

export function textFrom(table: TextTable, what: string, key: string, lang = 'en', values: Record<string, string | number> = {}): string {
  const text = table[lang]?.[key];
  if (!text) throw new Error(`no ${what} text ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}
