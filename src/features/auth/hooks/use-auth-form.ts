import { useCallback, useId, useState } from 'react';
import type { ZodType } from 'zod';
import {
  messagesByField,
  serverFieldMessages,
  useFieldErrors,
  type FieldMessages,
} from '../../../components/ui/use-field-errors';
import { errorMessageKey } from '../../../data/error-messages';

/**
 * What the email and password forms share: the values, a message per field (checked with the
 * domain schema the server also uses), focus on the first field with a problem, and the server's
 * answer when it refuses. `initial` lists the fields in screen order.
 */
export function useAuthForm<F extends string>(schema: ZodType, initial: Record<F, string>) {
  const id = useId();
  const [fields] = useState(() => Object.keys(initial) as F[]);
  const idFor = useCallback((field: F) => `${id}-${field}`, [id]);
  const errors = useFieldErrors({ fields, idFor });
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const validate = (next: Record<F, string>): FieldMessages<F> => {
    const parsed = schema.safeParse(next);
    return parsed.success ? {} : messagesByField<F>(parsed.error);
  };

  const change = (field: F) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing, so a fixed field clears at once.
    if (tried) errors.show(validate(next), { focus: false });
  };

  /** On submit, before anything is sent: false (and focus on the first problem) if invalid. */
  const checkBeforeSubmit = (): boolean => {
    setTried(true);
    setFailure(null);
    const found = errors.show(validate(values));
    return Object.keys(found).length === 0;
  };

  /** The server said no: its field messages under the fields, its reason in the alert. */
  const fail = (error: unknown) => {
    errors.show(serverFieldMessages(error, fields), { focus: false });
    setFailure(errorMessageKey(error, 'auth'));
  };

  /** What EmailField and PasswordField need for `field`, its message translated. */
  const fieldProps = (field: F) => ({
    id: idFor(field),
    value: values[field],
    onChange: change(field),
    error: errors.message(field),
  });

  return { values, tried, failure, fieldProps, checkBeforeSubmit, fail };
}
