/**
 * How the admin's search box compares text (D20): one normaliser, applied both to what is
 * searched (an order's name, number and phone, stored normalised by every backend) and to what
 * the admin typed, so the ways Arabic is written interchangeably never hide an order. Pure
 * TypeScript, shared by the server, the Cloud Functions and every adapter.
 */
import { normalizeDigits, stripInvisibleMarks } from './digits';

/**
 * The version of `normalizeSearchText` and of what backends store with it. A backend stores it
 * beside the normalised text (the server's `orders.search_version`, the hosted build's
 * `searchVersion`), so a change to the rules (a letter folded that was not before) is a new
 * number, and whatever was stored under an older one is written again (D20).
 */
export const SEARCH_TEXT_VERSION = 1;

/**
 * Letters people type for one another, folded to one form each:
 * - alef with hamza above or below, with madda, wasla or a wavy hamza → bare alef (أ إ آ ٱ ٲ ٳ → ا);
 * - waw and yeh with hamza → waw and yeh (ؤ → و, ئ → ي), also reached through NFKD below;
 * - alef maqsura and the Persian yeh that Persian and Urdu keyboards type → yeh (ى ی → ي);
 * - teh marbuta, and the heh forms of those keyboards → heh (ة ە ہ → ه);
 * - the Persian keheh → kaf (ک → ك).
 */
const LETTER_FOLDS: readonly (readonly [RegExp, string])[] = [
  [/[\u0622\u0623\u0625\u0671\u0672\u0673]/g, '\u0627'],
  [/\u0624/g, '\u0648'],
  [/[\u0626\u0649\u06CC]/g, '\u064A'],
  [/[\u0629\u06D5\u06C1]/g, '\u0647'],
  [/\u06A9/g, '\u0643'],
];

// Harakat, tanween, shadda, sukun, the dagger alef and Quranic marks, the high hamza that NFKD
// leaves of some letters, and the tatweel (kashida) that only stretches a word.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u08D3-\u08FF\u0640\u0674]/g;
// Every other combining mark (Latin accents after NFKD: "José" → "jose").
const COMBINING = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * Text as the search compares it: Arabic-Indic and Persian digits in ASCII, compatibility forms
 * (Arabic presentation forms, full-width digits, ligatures) decomposed, diacritics and tatweel
 * removed, the letter forms above folded, lower case, and every run of anything but letters and
 * digits (spaces, dashes, "#", punctuation) one space, none at either end. So "أحمد", "إحمد" and
 * "احمد", "فاطمة" and "فاطمه", "مصطفى" and "مصطفي", "مُحَمَّد" and "محـــمد" are each the same
 * here, and so are "#af-20261123-٤١٧" and "AF 20261123 417".
 */
export function normalizeSearchText(text: string): string {
  let folded = normalizeDigits(stripInvisibleMarks(text)).normalize('NFKD');
  folded = folded.replace(ARABIC_MARKS, '').replace(COMBINING, '');
  for (const [from, to] of LETTER_FOLDS) folded = folded.replace(from, to);
  return folded.toLowerCase().replace(NOT_LETTER_OR_DIGIT, ' ').trim();
}
