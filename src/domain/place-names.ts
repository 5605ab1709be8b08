import { normalizeSearchText } from './search-text';

// Words a geocoder or a sign adds around a name ("محافظة القاهرة", "Cairo Governorate", "Qism
// Nasr City", "حي الشرق", "مدينة نصر" beside "Nasr City", "قسم أول"): never what tells two places
// apart. Written as they are after the letters are normalised (ة → ه, أ → ا).
const NOISE_WORDS = new Set([
  'محافظه',
  'governorate',
  'province',
  'muhafazat',
  'muhafazah',
  'qism',
  'kism',
  'قسم',
  'مركز',
  'markaz',
  'حي',
  'hay',
  'مدينه',
  'city',
  'district',
  'اول',
  'ثان',
  'ثاني',
]);

/**
 * A loose key for comparing place names written by different sources: case, diacritics, hamza
 * and alef variants, taa marbuta, alef maqsura, Arabic-Indic digits, the article (ال / al- /
 * el-) and filler words are all ignored. "مدينة ٦ أكتوبر" and "6 اكتوبر" have one key.
 */
export function normalizePlaceName(name: string): string {
  // The letters as the admin's search folds them (D20): one normaliser for Arabic's
  // interchangeable forms. Transliterations mark ain and hamza with apostrophes ("Ma'adi",
  // "Ma‘ādī"), which join the word rather than split it.
  const words = normalizeSearchText(name.replace(/['‘’`ʻʼʾʿ]/g, ''))
    .split(/\s+/)
    // "El Marg" / "Al-Marg" / "المرج" / "مرج": the article is dropped in both scripts.
    .filter((word) => word !== 'al' && word !== 'el')
    .map((word) => word.replace(/^ال(?=\p{L}{2,})/u, ''))
    .filter((word) => word !== '' && !NOISE_WORDS.has(word));
  return words.join(' ');
}

/** Whether one key holds the other as whole words ("nasr" in "nasr 1"): a partial match. */
export function containsAsWords(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  const pa = ` ${a} `;
  const pb = ` ${b} `;
  return pa.includes(pb) || pb.includes(pa);
}
