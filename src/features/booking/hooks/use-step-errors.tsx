import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldIssues, focusFirstInvalid } from './issues';

/**
 * The messages of a booking step's form. After a failed continue each field with a problem says
 * so under itself (a blank one just "required") and the alert on top carries the spec's sentence
 * (`requiredKey`) when anything is blank, or asks to fix the fields. A field's message goes as
 * soon as the customer changes it; the alert goes with the last one.
 */
export function useStepErrors<F extends string>(
  fields: readonly F[],
  requiredKey: string,
  idFor: (field: string) => string,
) {
  const { t } = useTranslation(['booking', 'validation']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: F) => {
    if (!errors[field]) return;
    const { [field]: _fixed, ...rest } = errors;
    setErrors(rest);
    if (Object.keys(rest).length === 0) setFormError(null);
  };

  /** A failed parse of the step's schema: show it and focus the first field, in screen order. */
  const report = (error: z.ZodError) => {
    const issues = fieldIssues(error);
    setErrors(issues);
    const anyBlank = Object.values(issues).includes(requiredKey);
    setFormError(anyBlank ? requiredKey : 'booking:form.fixErrors');
    focusFirstInvalid(fields, issues, idFor);
  };

  const messageFor = (field: F): string | null => {
    const key = errors[field];
    if (!key) return null;
    return key === requiredKey ? t('form.required') : t(key);
  };
  const errorId = (field: F) => `${idFor(field)}-error`;

  /** For aria-describedby: the field's message, then its hint (`${id}-hint`) if it has one. */
  const describedBy = (field: F, hint?: boolean) =>
    [messageFor(field) ? errorId(field) : '', hint ? `${idFor(field)}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const invalid = (field: F) => (messageFor(field) ? true : undefined);

  const errorText = (field: F) => {
    const error = messageFor(field);
    return error ? (
      <p id={errorId(field)} className="field-error">
        {error}
      </p>
    ) : null;
  };

  // Always in the page, so the first message is announced as it appears.
  const alert = (
    <p role="alert" className={formError ? 'alert alert-error' : 'visually-hidden'}>
      {formError ? t(formError) : ''}
    </p>
  );

  return { clear, report, describedBy, invalid, errorText, alert };
}
