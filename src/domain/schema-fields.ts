import { z } from 'zod';
import { parseDecimal } from './digits';
import { normalizeEgyptianMobile } from './phone';
import {
  cleanPastedText,
  hasForbiddenChars,
  hasVisibleLetter,
  isVisiblyBlank,
  visibleLength,
} from './text';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The field builders every form's schema is made of. They only build when called: each form's
// schema has its own module (booking-schemas.ts, review-schema.ts, …) so that a screen evaluates
// the schemas it uses and no other, which on a slow phone is tens of milliseconds of main thread.

/**
 * A schema built on first use rather than at module load: the returned function builds it the
 * first time it is called and hands back the same one after. Building every schema of a module
 * when its code loaded was a long task of a slow phone's start (D23) on pages that parse none of
 * them before the visitor acts (the location step, the estimator).
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** z.object whose own type error (null, an array, a string) is a key like every other message. */
export function object<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: M.invalid });
}

export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

export interface TextRules {
  /** Notes, messages and reviews keep their line breaks; every other field is one line. */
  multiline?: boolean;
  /** Names and addresses: at least one visible letter, not only digits, symbols or blanks. */
  letters?: boolean;
}

/**
 * Trimmed free text (the rules are in text.ts): blank, even if only invisibly so, gives
 * `required`; a forbidden character gives its own message; a visible length under `min` or a
 * stored length over `max` gives `length`.
 */
export function text(
  required: string,
  min: number,
  max: number,
  length: string,
  { multiline = false, letters = false }: TextRules = {},
) {
  // Controls are looked for before trimming, which would quietly drop a vertical tab or a form
  // feed at either end.
  return z
    .string({ error: required })
    .overwrite(cleanPastedText)
    .refine((value) => !hasForbiddenChars(value, { multiline }), {
      error: M.textControlChars,
      abort: true,
    })
    .trim()
    .refine((value) => !isVisiblyBlank(value), { error: required, abort: true })
    .refine((value) => visibleLength(value) >= min, { error: length, abort: true })
    .max(max, { error: length, abort: true })
    .refine((value) => !letters || hasVisibleLetter(value), { error: M.textLetters });
}

export function optionalText(max: number, tooLong: string, { multiline = false }: TextRules = {}) {
  return z
    .string({ error: M.invalid })
    .overwrite(cleanPastedText)
    .refine((value) => !hasForbiddenChars(value, { multiline }), {
      error: M.textControlChars,
      abort: true,
    })
    .trim()
    .max(max, { error: tooLong })
    .optional();
}

export const EMAIL_MAX = 254;

/**
 * Fields that report at most one problem without aborting the whole object, so that a
 * cross-field rule (password confirmation) still runs while another field is wrong.
 */
export function firstProblem<T>(
  rules: readonly (readonly [ok: (value: T) => boolean, message: string])[],
) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const failed = rules.find(([ok]) => !ok(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };
}

export function email() {
  return z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .superRefine(
      firstProblem<string>([
        [(value) => value.length > 0, M.emailRequired],
        [(value) => value.length <= EMAIL_MAX, M.emailTooLong],
        [(value) => z.regexes.email.test(value), M.emailInvalid],
      ]),
    );
}

/** Output is the canonical `01XXXXXXXXX` (D7), whatever digits and separators were typed. */
export function egyptianMobile(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => normalizeEgyptianMobile(value) !== null, { error: M.phoneInvalid })
    .transform((value) => normalizeEgyptianMobile(value) ?? value);
}

/** Form inputs give strings (maybe in Arabic-Indic digits); a cleared input means "not given". */
function numberInput(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : parseDecimal(value);
  return value === null ? undefined : value;
}

export function wholeNumber(min: number, max: number, required: string, range: string) {
  return z.preprocess(
    numberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : range) })
      .int({ error: range })
      .min(min, { error: range })
      .max(max, { error: range }),
  );
}

export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? required : invalid) });
}
