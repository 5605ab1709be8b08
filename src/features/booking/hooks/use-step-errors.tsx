import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldErrors } from '../../../components/ui/use-field-errors';

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
  const display = useCallback(
    (key: string) => (key === requiredKey ? 'booking:form.required' : key),
    [requiredKey],
  );
  const errors = useFieldErrors({ fields, idFor, display });
  const [formError, setFormError] = useState<string | null>(null);

  const clear = (field: F) => {
    if (!errors.errors[field]) return;
    errors.clear(field);
    if (Object.keys(errors.errors).length === 1) setFormError(null);
  };

  /** A failed parse of the step's schema: show it and focus the first field, in screen order. */
  const report = (error: z.ZodError) => {
    const found = errors.report(error);
    const anyBlank = Object.values(found).includes(requiredKey);
    setFormError(anyBlank ? requiredKey : 'booking:form.fixErrors');
  };

  // Always in the page, so the first message is announced as it appears.
  const alert = (
    <p role="alert" className={formError ? 'alert alert-error' : 'visually-hidden'}>
      {formError ? t(formError) : ''}
    </p>
  );

  return {
    clear,
    report,
    describedBy: errors.describedBy,
    invalid: errors.invalid,
    errorText: errors.errorText,
    alert,
  };
}
