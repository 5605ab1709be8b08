import { createRef, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { errorMessageKey } from '../../../data/error-messages';
import { fieldErrors, serverFieldErrors } from '../components/form-errors';

type Messages<F extends string> = Partial<Record<F, string>>;

/**
 * What the email and password forms share: the values, a message key per field (checked with the
 * domain schema the server also uses), focus on the first field with a problem, and the server's
 * answer when it refuses. `initial` lists the fields in screen order.
 */
export function useAuthForm<F extends string>(schema: ZodType, initial: Record<F, string>) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const id = useId();
  const [fields] = useState(() => Object.keys(initial) as F[]);
  const [inputRefs] = useState(
    () =>
      Object.fromEntries(fields.map((field) => [field, createRef<HTMLInputElement>()])) as Record<
        F,
        RefObject<HTMLInputElement | null>
      >,
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Messages<F>>({});
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const validate = (next: Record<F, string>): Messages<F> => {
    const parsed = schema.safeParse(next);
    return parsed.success ? {} : fieldErrors<F>(parsed.error);
  };

  const change = (field: F) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing, so a fixed field clears at once.
    if (tried) setErrors(validate(next));
  };

  /** On submit, before anything is sent: false (and focus on the first problem) if invalid. */
  const checkBeforeSubmit = (): boolean => {
    setTried(true);
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) inputRefs[first].current?.focus();
    return !first;
  };

  /** The server said no: its field messages under the fields, its reason in the alert. */
  const fail = (error: unknown) => {
    setErrors(serverFieldErrors(error, fields));
    setFailure(errorMessageKey(error, 'auth'));
  };

  /** What EmailField and PasswordField need for `field`, its message translated. */
  const fieldProps = (field: F) => {
    const message = errors[field];
    return {
      id: `${id}-${field}`,
      inputRef: inputRefs[field],
      value: values[field],
      onChange: change(field),
      error: message ? t(message) : undefined,
    };
  };

  return { values, tried, failure, fieldProps, checkBeforeSubmit, fail };
}
