import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodError } from 'zod';
import { fieldMessageKey } from '../../data/error-messages';
import { isDataError } from '../../data/port';

/** Field → message key (an i18next key with its namespace, as the domain schemas give them). */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/** The first message of each top-level field of a failed parse. */
export function messagesByField<F extends string>(error: ZodError): FieldMessages<F> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out as FieldMessages<F>;
}

/** The server's field messages (an invalid-argument answer), as keys this app can translate. */
export function serverFieldMessages<F extends string>(
  error: unknown,
  fields: readonly F[],
): FieldMessages<F> {
  const out: Record<string, string> = {};
  if (!isDataError(error) || !error.fields) return out as FieldMessages<F>;
  for (const [field, key] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) out[field] = fieldMessageKey(key);
  }
  return out as FieldMessages<F>;
}

interface FieldErrorsOptions<F extends string> {
  /** Every field of the form, in screen order: the first with a problem gets the focus. */
  fields: readonly F[];
  /** The id of a field's input; its message is `${id}-error` and its hint `${id}-hint`. */
  idFor(field: F): string;
  /** Which key to show for a message key (a form may word one message its own way). */
  display?(key: string): string;
}

/**
 * The field messages every form shares (booking steps, sign-in and sign-up, contact): a failed
 * parse of a domain schema becomes one translated message under each field, the first field
 * with a problem gets the focus, inputs get aria-invalid and aria-describedby, and a field's
 * message goes once the customer changes it.
 */
export function useFieldErrors<F extends string>({
  fields,
  idFor,
  display,
}: FieldErrorsOptions<F>) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldMessages<F>>({});

  const focusFirst = useCallback(
    (found: FieldMessages<F>) => {
      const first = fields.find((field) => found[field]);
      if (first) document.getElementById(idFor(first))?.focus();
    },
    [fields, idFor],
  );

  /** Shows these messages (a server's answer, or a new check while typing), replacing the last. */
  const show = useCallback(
    (found: FieldMessages<F>, { focus = true }: { focus?: boolean } = {}) => {
      const known: FieldMessages<F> = {};
      for (const field of fields) if (found[field]) known[field] = found[field];
      setErrors(known);
      if (focus) focusFirst(known);
      return known;
    },
    [fields, focusFirst],
  );

  /** A failed parse of the form's schema: one message per field, focus on the first. */
  const report = useCallback(
    (error: ZodError, options?: { focus?: boolean }) => show(messagesByField<F>(error), options),
    [show],
  );

  const clear = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest as FieldMessages<F>;
    });
  }, []);

  const clearAll = useCallback(() => setErrors({}), []);

  return useMemo(() => {
    const message = (field: F): string | undefined => {
      const key = errors[field];
      return key ? t(display ? display(key) : key) : undefined;
    };
    const errorId = (field: F) => `${idFor(field)}-error`;
    /** aria-describedby: the field's message, then its hint if it has one. */
    const describedBy = (field: F, hint?: boolean) =>
      [errors[field] ? errorId(field) : '', hint ? `${idFor(field)}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined;
    const invalid = (field: F) => (errors[field] ? true : undefined);
    /** The attributes of a field's input. */
    const inputProps = (field: F, { hint }: { hint?: boolean } = {}) => ({
      id: idFor(field),
      'aria-invalid': invalid(field),
      'aria-describedby': describedBy(field, hint),
    });
    /** The message under a field, or nothing. */
    const errorText = (field: F): ReactNode => {
      const text = message(field);
      return text ? (
        <p id={errorId(field)} className="field-error">
          {text}
        </p>
      ) : null;
    };
    return {
      errors,
      hasErrors: Object.keys(errors).length > 0,
      report,
      show,
      clear,
      clearAll,
      message,
      errorId,
      describedBy,
      invalid,
      inputProps,
      errorText,
    };
  }, [errors, t, display, idFor, report, show, clear, clearAll]);
}
