// Company-name correction (spec §5). Names reach the client through an automatic
// Simplified → Traditional conversion that gets some characters wrong: 台 becomes 臺,
// 同 becomes 衕, 松 becomes 鬆, 志 becomes 誌, 舍 becomes 捨, 云 becomes 雲, 致 becomes 緻,
// and some sector names stay Simplified. The table maps those wrong spellings to the
// names as the companies write them; the right spelling itself passes unchanged.
// Reading of the spec's list: the names it gives (建材營造, 志信, 寒舍, 觀光事業, 金融保險,
// 同方友友-DR, 同開, 云辰, 致茂, 志聖, 威致) are the corrected forms; the sources are the
// converter's variants of each.

/** Wrong spelling → corrected name. Whole-name matches only. */
export const COMPANY_NAME_CORRECTIONS: Readonly<Record<string, string>> = {
  臺鹽: '台鹽',
  台盐: '台鹽',
  大衕: '大同',
  黑鬆: '黑松',
  建材营造: '建材營造',
  誌信: '志信',
  寒捨: '寒舍',
  观光事业: '觀光事業',
  觀光事业: '觀光事業',
  金融保险: '金融保險',
  '衕方友友-DR': '同方友友-DR',
  衕開: '同開',
  雲辰: '云辰',
  緻茂: '致茂',
  誌聖: '志聖',
  威緻: '威致',
};

/**
 * A name in the table → its corrected form; otherwise every 臺 → 台.
 * Empty (or missing) names stay as they are.
 */
export function correctCompanyName(name: string): string;
export function correctCompanyName(name: string | null | undefined): string | null | undefined;
export function correctCompanyName(name: string | null | undefined): string | null | undefined {
  if (!name) return name;
  if (Object.prototype.hasOwnProperty.call(COMPANY_NAME_CORRECTIONS, name)) {
    return COMPANY_NAME_CORRECTIONS[name];
  }
  return name.replace(/臺/g, '台');
}
