import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { serverFieldMessages, useFieldErrors } from '../../../components/ui/use-field-errors';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { contactSchema } from '../../../domain/contact-schema';
import { formatDigits } from '../../../domain/money';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

const FIELDS = ['name', 'phone', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The two ways to reply, of which one is enough (D7). */
const WAYS_TO_REPLY = ['phone', 'email'] as const;
type WayToReply = (typeof WAYS_TO_REPLY)[number];
const isWayToReply = (field: Field): field is WayToReply =>
  (WAYS_TO_REPLY as readonly Field[]).includes(field);

/** The schema's (or the server's) message when neither way to reply was given. */
const NEITHER = VALIDATION_MESSAGES.phoneOrEmailRequired;

const EMPTY: Values = { name: '', phone: '', email: '', message: '' };

/**
 * The form's element ids. Not useId: /contact is prerendered and hydrated, and the prerenderer
 * renders the app inside the whole document, so useId gives the browser other ids than the HTML
 * holds, and React keeps the HTML's. The first refused field would then not be found to focus,
 * and a hint named after an error would not be found to read. There is one form per page.
 */
const IDS = 'contact-form';

const PHONE_EXAMPLE = '010 1234 5678';

/**
 * The contact form (spec 5 as amended by D7; stored through the DataPort, listed for admins).
 * Name and message are required; a phone number or an email, either one being enough, tells us
 * how to reply: the two are one group, and when neither is given the group says so once, both
 * fields marked and described by it. Bad input shows each field's message and sends nothing; a
 * failed send keeps what was typed.
 */
export function ContactForm() {
  const { t } = useTranslation(['contact', 'validation', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const ids = IDS;
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

  /** Neither way to reply was given: the group's one message stands for both fields'. */
  const neither = WAYS_TO_REPLY.some((field) => errors.errors[field] === NEITHER);

  const update = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Typing either way to reply answers "neither": the other field's copy of it goes too.
    if (isWayToReply(field) && neither) for (const way of WAYS_TO_REPLY) errors.clear(way);
    else errors.clear(field);
    if (sent) setSent(false);
  };

  const reachId = `${ids}-reach`;
  const reachErrorId = `${reachId}-error`;

  const fieldProps = (field: Field, hint?: boolean) => {
    const props = {
      ...errors.inputProps(field, { hint }),
      name: field,
      value: values[field],
    };
    if (isWayToReply(field)) {
      if (!neither) return props;
      const describedBy = [reachErrorId, hint ? `${idFor(field)}-hint` : ''].filter(Boolean);
      return { ...props, 'aria-invalid': true, 'aria-describedby': describedBy.join(' ') };
    }
    return { ...props, required: true, 'aria-required': true };
  };

  /** A field's own message; the ways to reply leave "neither" to their group. */
  const errorOf = (field: Field) =>
    isWayToReply(field) && neither ? null : errors.errorText(field);

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
        <fieldset className="contact-reach" aria-describedby={`${reachId}-hint`}>
          <legend>{t('contact:form.reach')}</legend>
          <p id={`${reachId}-hint`} className="field-hint">
            {t('contact:form.reachHint')}
          </p>
          {neither && (
            <p id={reachErrorId} className="field-error">
              {t(NEITHER)}
            </p>
          )}
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
                values={{ example: formatDigits(PHONE_EXAMPLE, language) }}
                components={{ num: <bdi className="ltr-value ltr-digits" /> }}
              />
            </p>
            {errorOf('phone')}
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
        </fieldset>
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
