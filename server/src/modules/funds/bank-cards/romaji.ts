// Romaji for bank and branch search. zengin-code's `roma` is written kana by kana, with the
// small ゃゅょ as full-size letters and long vowels spelt out (シンジユク "shinjiyuku", トウキヨウ
// "toukiyou", チユウオウ "chiyuuou"); people type Hepburn ("shinjuku", "tokyo", "chuo") and
// sometimes Kunrei ("sinzyuku"). Both sides go through the same folding, so any of these meet.

/** Undoes the full-size small kana: shiyu → shu, chiyo → cho, jiyu → ju, kiyo → kyo, riyo → ryo. */
function joinContractedSounds(s: string): string {
  return s.replace(/(sh|ch|j)iy([auo])/g, '$1$2').replace(/([kgnhbpmr])iy([auo])/g, '$1y$2');
}

/** A search key: Hepburn and Kunrei folded to one spelling, long vowels and punctuation dropped. */
export function romajiKey(text: string): string {
  let s = joinContractedSounds(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  );
  // Hepburn → Kunrei (shi/si, chi/ti, tsu/tu, fu/hu, ji/zi, sha/sya, cha/tya, ja/zya).
  s = s
    .replace(/sh/g, 'sy')
    .replace(/ch/g, 'ty')
    .replace(/ts(?=u)/g, 't')
    .replace(/f(?=u)/g, 'h')
    .replace(/j/g, 'zy');
  s = s.replace(/([stz])yi/g, '$1i');
  // Long vowels as people leave them out (Tokyo, Chuo, Osaka), and m before b/p (Shimbashi).
  return s
    .replace(/ou/g, 'o')
    .replace(/oo/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/m(?=[bp])/g, 'n');
}

/** The data's romaji as a reader of English spells it: "shinjiyuku" → "Shinjuku", "toukiyou" → "Tokyo". */
export function displayRomaji(roma: string): string {
  const s = joinContractedSounds(roma.toLowerCase().replace(/-/g, '')).replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
