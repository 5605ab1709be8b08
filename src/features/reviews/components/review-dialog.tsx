import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import type { ReviewableOrder } from '../../../data/port';
import { formatDate } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { RATING_MAX } from '../../../domain/rating';
import { REVIEW_TEXT_MAX } from '../../../domain/reviews';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useReviewableOrders } from '../hooks/use-reviewable-orders';
import { sentMessageKey, useSubmitReview } from '../hooks/use-submit-review';
import { StarIcon } from './stars';

type Field = 'orderId' | 'review' | 'rating';

/**
 * "Leave a review": a button and a real modal <dialog> (showModal: focus trapped, Escape closes,
 * focus back on the button). Reviews come from customers' orders (D14): the dialog offers the
 * visitor's orders to review, or says how reviews come about. Its content lives only while it
 * is open, so closing it resets every field and message (spec 4).
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
        // Named only while open: the closed dialog is in the page's HTML, and a prerendered page's
        // ids may not be the ones the browser makes for the title it adds when opening.
        aria-labelledby={open ? titleId : undefined}
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
            <ReviewDialogContent onDone={close} />
          </div>
        )}
      </dialog>
    </>
  );
}

function ReviewDialogContent({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('reviews');
  const { state, reload } = useReviewableOrders();
  // The orders listed when the dialog opened: sending a review takes its order off the shared
  // list, and the thank-you must not turn into "no order" under the customer's eyes.
  const [orders, setOrders] = useState<ReviewableOrder[] | null>(null);
  if (orders === null && state.kind === 'some') setOrders(state.orders);

  if (orders !== null) return <ReviewForm orders={orders} onDone={onDone} />;
  switch (state.kind) {
    case 'loading':
      return (
        <p className="muted review-dialog-status" role="status">
          {t('dialog.loadingOrders')}
        </p>
      );
    case 'failed':
      return (
        <div className="review-no-order">
          <p className="alert alert-error" role="alert">
            {t('dialog.ordersFailed')}
          </p>
          <button type="button" className="btn btn-secondary" onClick={reload}>
            {t('dialog.retry')}
          </button>
        </div>
      );
    case 'none':
      return <NoOrderToReview account={state.account} />;
    default:
      return null;
  }
}

/** A visitor without an order to review: how reviews come about, and where to go next. */
function NoOrderToReview({ account }: { account: boolean }) {
  const { t } = useTranslation('reviews');
  const location = useLocation();
  return (
    <div className="review-no-order">
      <p>{t('dialog.noOrder.text')}</p>
      <div className="review-no-order-links">
        <Link className="btn btn-primary" to={paths.selectCity}>
          {t('dialog.noOrder.book')}
        </Link>
        {account ? (
          <Link className="btn btn-secondary" to={paths.myOrders}>
            {t('dialog.noOrder.myOrders')}
          </Link>
        ) : (
          <Link className="btn btn-secondary" to={paths.login} state={{ from: location }}>
            {t('dialog.noOrder.signIn')}
          </Link>
        )}
      </div>
    </div>
  );
}

const orderNumberOf = <bdi className="ltr-value" />;

function ReviewForm({ orders, onDone }: { orders: ReviewableOrder[]; onDone(): void }) {
  const { t } = useTranslation(['reviews', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const submit = useSubmitReview();
  const { reviewed } = useReviewableOrders();
  const id = useId();
  // The most recent move is chosen; no star is (D14): the customer picks the rating.
  const [orderId, setOrderId] = useState(orders[0]!.orderId);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const starsRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const order = orders.find((o) => o.orderId === orderId) ?? orders[0]!;

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    // Read from the form, not from React state: a bot that sets the value directly is caught too.
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    const values = { orderId: order.orderId, review: text, rating: rating ?? undefined, website };
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
      if (found.rating) starsRef.current?.querySelector('input')?.focus();
      else if (found.review) textRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await submit(parsed.data);
    setBusy(false);
    if (outcome.ok) {
      reviewed(order.orderId);
      setSent(sentMessageKey(outcome.review));
      return;
    }
    if (outcome.fields) {
      const { orderId: o, review: r, rating: g } = outcome.fields;
      setErrors({ orderId: o, review: r, rating: g });
    }
    setMessage(outcome.message);
  };

  if (sent) {
    return (
      <div className="review-thanks">
        <p ref={thanksRef} tabIndex={-1} className="alert alert-success" role="status">
          {t(sent)}
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
  const dateOf = (o: ReviewableOrder) => formatDate(o.moveDate, language);

  return (
    <form className="review-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {message && (
        <p className="alert alert-error" role="alert">
          {t(message)}
        </p>
      )}
      {orders.length === 1 ? (
        <p className="review-order">
          <Trans
            t={t}
            i18nKey="reviews:dialog.oneOrder"
            values={{ number: order.orderNumber, date: dateOf(order) }}
            components={{ num: orderNumberOf }}
          />
        </p>
      ) : (
        <fieldset className="review-choice" aria-describedby={err('orderId')}>
          <legend>{t('dialog.order')}</legend>
          {orders.map((o) => (
            <label key={o.orderId} className="review-choice-option">
              <input
                type="radio"
                name={`${id}-order`}
                value={o.orderId}
                checked={o.orderId === order.orderId}
                onChange={() => setOrderId(o.orderId)}
              />
              <span>
                <Trans
                  t={t}
                  i18nKey="reviews:dialog.orderOption"
                  values={{ number: o.orderNumber, date: dateOf(o) }}
                  components={{ num: orderNumberOf }}
                />
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {errors.orderId && (
        <p id={err('orderId')} className="field-error">
          {t(errors.orderId)}
        </p>
      )}
      <p className="review-shown-as muted">
        <Trans
          t={t}
          i18nKey="reviews:dialog.shownAs"
          values={{ name: order.name }}
          components={{ name: <bdi className="review-shown-name" /> }}
        />
      </p>

      <fieldset className="review-rating" aria-describedby={err('rating')}>
        <legend>{t('dialog.rating')}</legend>
        <div className="review-rating-stars" ref={starsRef}>
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
              <StarIcon filled={rating !== null && value <= rating} />
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
