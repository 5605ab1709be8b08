import { stripBidiControls } from './digits';

/**
 * Free text people type or paste (names, addresses, notes, messages, reviews), judged the same
 * way in the browser, on the server and in every DataPort adapter, since all of them parse with
 * the same domain schemas, built from the fields in schema-fields.ts.
 *
 * - Innocent paste is forgiven: a tab becomes a space, CRLF, CR and the Unicode line and
 *   paragraph separators become LF. Bidi embeddings, overrides and isolates are dropped silently:
 *   they reorder what follows them (an admin's table row, the WhatsApp message built from a name)
 *   and nobody types them on purpose. LRM, RLM and ALM stay; they only nudge a neighbour.
 * - Anything else a person cannot see or type is refused: C0 controls (NUL included), DEL, C1
 *   controls, and unpaired surrogates (invalid UTF-16 that storage would mangle into U+FFFD). A
 *   newline is allowed only in multi-line fields.
 * - Lengths count what a person sees: format characters (Unicode Cf: zero-width spaces and
 *   joiners, direction marks, BOM) are left out, and so are the Hangul fillers, letters that
 *   render as nothing. Maximum lengths still count every stored code unit.
 */

// A tab is the only control character people paste by accident; inside one line it means a gap.
const TAB = /\t/g;
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;

// Finding control characters is the point of these two.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;
// With the u flag, \p{Cs} matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /\p{Cs}/u;

const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
const LETTER = /\p{L}/u;

/** What a paste may carry by accident, made harmless before any check. */
export function cleanPastedText(s: string): string {
  return stripBidiControls(s.replace(TAB, ' ').replace(LINE_BREAKS, '\n'));
}

/** True when `s` holds a character that is never accepted in free text (see above). */
export function hasForbiddenChars(s: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_BUT_NEWLINE : CONTROL).test(s) || LONE_SURROGATE.test(s);
}

/** The text without the characters that take no space on screen. */
export function visibleText(s: string): string {
  return s.replace(INVISIBLE, '');
}

/** Characters a person sees, surrounding blanks aside; an emoji counts once. */
export function visibleLength(s: string): number {
  return [...visibleText(s).trim()].length;
}

export function isVisiblyBlank(s: string): boolean {
  return visibleText(s).trim() === '';
}

/** At least one letter of any script that is actually drawn. */
export function hasVisibleLetter(s: string): boolean {
  return LETTER.test(visibleText(s));
}
