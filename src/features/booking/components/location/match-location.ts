import { GOVERNORATES, type District, type Governorate } from '../../../../domain/governorates';

// Arabic short vowels, shadda, sukun, dagger alef and tatweel: never part of a name's identity.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
// Words a geocoder adds around a name ("محافظة القاهرة", "Cairo Governorate", "Qism Nasr City").
const NOISE_WORDS = new Set([
  'محافظه',
  'محافظة',
  'governorate',
  'province',
  'muhafazat',
  'qism',
  'قسم',
  'مركز',
  'markaz',
  'city',
  'district',
]);

/**
 * A loose key for comparing place names written by different sources: case, diacritics, hamza
 * and alef variants, taa marbuta, alef maqsura, the article (ال / al- / el-) and filler words
 * are all ignored.
 */
export function normalizePlaceName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .replace(ARABIC_MARKS, '')
    .toLowerCase()
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    // Transliterations mark ain and hamza with apostrophes: "Ma'adi", "Ma‘ādī".
    .replace(/['‘’`ʻʼʾʿ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !NOISE_WORDS.has(word))
    // "El Marg" / "Al-Marg" / "المرج" / "مرج": the article is dropped in both scripts.
    .filter((word) => word !== 'al' && word !== 'el')
    .map((word) => word.replace(/^ال(?=\p{L}{2,})/u, ''));
  return words.join(' ');
}

type Named = { ar: string; en: string };

function keysOf(item: Named): string[] {
  return [normalizePlaceName(item.ar), normalizePlaceName(item.en)].filter((k) => k !== '');
}

function findByName<T extends Named>(items: readonly T[], names: readonly string[]): T | undefined {
  const wanted = names.map(normalizePlaceName).filter((k) => k !== '');
  if (wanted.length === 0) return undefined;
  // Exact first: "القاهرة الجديدة" must not become "القاهرة" when the real match exists.
  for (const name of wanted) {
    const exact = items.find((item) => keysOf(item).includes(name));
    if (exact) return exact;
  }
  for (const name of wanted) {
    const padded = ` ${name} `;
    const partial = items.find((item) =>
      keysOf(item).some((key) => padded.includes(` ${key} `) || ` ${key} `.includes(padded)),
    );
    if (partial) return partial;
  }
  return undefined;
}

export interface PlaceNames {
  city: string;
  district: string;
  state?: string;
}

export type LocationMatch =
  | { kind: 'full'; governorate: Governorate; district: District }
  | { kind: 'governorate'; governorate: Governorate }
  | { kind: 'none' };

/** Matches a reverse-geocoded place to our governorates and districts (Arabic or English names). */
export function matchLocation(place: PlaceNames): LocationMatch {
  const governorate = findByName(GOVERNORATES, [place.city, place.state ?? '']);
  if (governorate) {
    // The geocoder's "city" is sometimes the district itself (New Cairo, 6th of October).
    const district = findByName(governorate.districts, [place.district, place.city]);
    return district
      ? { kind: 'full', governorate, district }
      : { kind: 'governorate', governorate };
  }
  // No governorate name: the city may be one of our districts (a new city, a markaz).
  for (const candidate of GOVERNORATES) {
    const district = findByName(candidate.districts, [place.city, place.district]);
    if (district) return { kind: 'full', governorate: candidate, district };
  }
  return { kind: 'none' };
}
