import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons';
import { formatNumber } from '../../../domain/money';
import { RATING_DEFAULT, RATING_MAX } from '../../../domain/rating';
import { REVIEW_TEXT_MAX } from '../../../domain/reviews';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useSubmitReview } from '../hooks/use-submit-review';
import { StarIcon } from './stars';

type Field = 'name' | 'review' | 'rating';

/**
 * "Leave a review": a button and a real modal <dialog> (showModal: focus trapped, Escape closes,
 * focus back on the button). The form lives only while the dialog is open, so closing it resets
 * every field and message (spec 4).
 */
export function ReviewDialog({ className }: { className?: string }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, [open]);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    setOpen(false);
    openerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={['btn btn-primary', className].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('dialog.open')}
      </button>
      <dialog
        ref={dialogRef}
        className="review-dialog"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        // The browser closes a modal dialog on Escape itself; keep React's state in step.
        onClose={() => {
          if (open) close();
        }}
      >
        {open && (
          <div className="review-dialog-body">
            <div className="review-dialog-head">
              <h2 id={titleId}>{t('dialog.title')}</h2>
              <button
                type="button"
                className="review-dialog-close"
                aria-label={t('dialog.close')}
                onClick={close}
              >
                <CloseIcon />
              </button>
            </div>
            <ReviewForm onDone={close} />
          </div>
        )}
      </dialog>
    </>
  );
}

function ReviewForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(['reviews', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const submit = useSubmitReview();
  const id = useId();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    // Read from the form, not from React state: a bot that sets the value directly is caught too.
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    const values = { name, review: text, rating, website };
    // The schema (and zod) load on the first submit, not with the home page.
    const { reviewSchema } = await import('../../../domain/review-schema');
    const parsed = reviewSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      if (found.name) nameRef.current?.focus();
      else if (found.review) textRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await submit(parsed.data);
    setBusy(false);
    if (outcome.ok) {
      setSent(true);
      return;
    }
    if (outcome.fields) {
      const { name: n, review: r, rating: g } = outcome.fields;
      setErrors({ name: n, review: r, rating: g });
    }
    setMessage(outcome.message);
  };

  if (sent) {
    return (
      <div className="review-thanks">
        <p ref={thanksRef} tabIndex={-1} className="alert alert-success" role="status">
          {t('dialog.thanks')}
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
          {t('dialog.done')}
        </button>
      </div>
    );
  }

  const length = text.trim().length;
  const err = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const counterId = `${id}-counter`;

  return (
    <form className="review-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {message && (
        <p className="alert alert-error" role="alert">
          {t(message)}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('dialog.name')}</label>
        <input
          id={`${id}-name`}
          ref={nameRef}
          className="input"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={err('name')}
        />
        {errors.name && (
          <p id={err('name')} className="field-error">
            {t(errors.name)}
          </p>
        )}
      </div>

      <fieldset className="review-rating" aria-describedby={err('rating')}>
        <legend>{t('dialog.rating')}</legend>
        <div className="review-rating-stars">
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
            <label key={value} className="review-rating-option">
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="visually-hidden"
              />
              <StarIcon filled={value <= rating} />
              <span className="visually-hidden">
                {t('dialog.stars', { count: value, value: formatNumber(value, language) })}
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={err('rating')} className="field-error">
            {t(errors.rating)}
          </p>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-text`}>{t('dialog.text')}</label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          className="textarea"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={errors.review ? true : undefined}
          aria-describedby={[err('review'), counterId].filter(Boolean).join(' ')}
        />
        <p
          id={counterId}
          className="field-hint review-counter"
          data-over={length > REVIEW_TEXT_MAX ? '' : undefined}
        >
          {t('dialog.counter', {
            value: formatNumber(length, language),
            max: formatNumber(REVIEW_TEXT_MAX, language),
          })}
        </p>
        {errors.review && (
          <p id={err('review')} className="field-error">
            {t(errors.review)}
          </p>
        )}
      </div>

      {/* Honeypot: hidden from people, filled by bots; a filled one is silently dropped. */}
      <div className="visually-hidden">
        <label htmlFor={`${id}-website`}>{t('dialog.honeypot')}</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? t('dialog.sending') : t('dialog.submit')}
      </button>
    </form>
  );
}
