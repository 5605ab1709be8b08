import { useCallback, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { serverFieldMessages, useFieldErrors } from '../../../components/ui/use-field-errors';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { contactSchema } from '../../../domain/contact-schema';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

/**
 * The contact form (spec 5: all four fields required, email typed as email; D7: stored through
 * the DataPort and listed for admins). Bad input shows each field's message and sends nothing;
 * a failed send keeps what was typed.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'validation', 'errors']);
  const port = useDataPort();
  const ids = useId();
  const idFor = useCallback((field: Field) => `${ids}-${field}`, [ids]);
  const errors = useFieldErrors({ fields: FIELDS, idFor });
  const [values, setValues] = useState<Values>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSent(false);
    setFormError(null);
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    errors.clearAll();
    setSubmitting(true);
    try {
      await port.messages.add(parsed.data);
      setValues(EMPTY);
      setSent(true);
    } catch (error) {
      if (isDataError(error) && error.code === 'invalid-argument' && error.fields) {
        errors.show(serverFieldMessages(error, FIELDS));
      }
      setFormError(errorMessageKey(error, 'generic'));
    } finally {
      setSubmitting(false);
    }
  };

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    errors.clear(field);
    if (sent) setSent(false);
  };

  const fieldProps = (field: Field, hint?: boolean) =>
    ({
      ...errors.inputProps(field, { hint }),
      name: field,
      value: values[field],
      required: true,
      'aria-required': true,
    }) as const;

  const errorOf = errors.errorText;

  const titleId = `${ids}-title`;

  return (
    <section className="card contact-form-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('contact:form.title')}</h2>
      <p className="field-hint">{t('contact:form.required')}</p>
      <form className="contact-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('contact:form.name')}</label>
          <input
            {...fieldProps('name')}
            className="input"
            type="text"
            autoComplete="name"
            onChange={(e) => update('name')(e.target.value)}
          />
          {errorOf('name')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-email`}>{t('contact:form.email')}</label>
          <input
            {...fieldProps('email')}
            className="input"
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="email"
            onChange={(e) => update('email')(e.target.value)}
          />
          {errorOf('email')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-phone`}>{t('contact:form.phone')}</label>
          <input
            {...fieldProps('phone', true)}
            className="input"
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            onChange={(e) => update('phone')(e.target.value)}
          />
          <p id={`${ids}-phone-hint`} className="field-hint">
            <Trans
              t={t}
              i18nKey="contact:form.phoneHint"
              components={{ num: <bdi className="ltr-value" /> }}
            />
          </p>
          {errorOf('phone')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-message`}>{t('contact:form.message')}</label>
          <textarea
            {...fieldProps('message')}
            className="textarea"
            rows={5}
            onChange={(e) => update('message')(e.target.value)}
          />
          {errorOf('message')}
        </div>

        <div aria-live="polite" className="contact-form-live">
          {sent && (
            <div className="alert alert-success" role="status">
              <p className="contact-alert-title">{t('contact:form.success')}</p>
              <p>{t('contact:form.successBody')}</p>
            </div>
          )}
        </div>
        {formError && (
          <p className="alert alert-error" role="alert">
            {t(formError)}
          </p>
        )}

        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting ? t('contact:form.sending') : t('contact:form.submit')}
        </button>
      </form>
    </section>
  );
}
