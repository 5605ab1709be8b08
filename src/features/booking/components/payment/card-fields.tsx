import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  caretAfterDigits,
  digitsOnly,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from './card-format';

export interface CardValues {
  cardNumber: string;
  cardHolder: string;
  expiry: string;
  cvv: string;
}

export type CardField = keyof CardValues;

export const EMPTY_CARD: CardValues = { cardNumber: '', cardHolder: '', expiry: '', cvv: '' };

interface CardFieldsProps {
  values: CardValues;
  onChange(field: CardField, value: string): void;
  /** Field → already translated message. */
  errors: Partial<Record<CardField, string>>;
  /** Fields left blank: marked invalid and pointed at the one "fill in all card details" alert. */
  blank: ReadonlySet<CardField>;
  incompleteId: string;
  disabled: boolean;
}

/** Reformats as the customer types and puts the caret back after the same digit. */
function reformat(event: ChangeEvent<HTMLInputElement>, format: (value: string) => string) {
  const input = event.target;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = digitsOnly(input.value.slice(0, caret)).length;
  const formatted = format(input.value);
  const next = caretAfterDigits(formatted, digitsBefore);
  requestAnimationFrame(() => {
    if (document.activeElement === input) input.setSelectionRange(next, next);
  });
  return formatted;
}

/**
 * The four card fields (spec section 3) with the browser's card autofill. They are never sent
 * anywhere but to the payment provider (D3).
 */
export function CardFields({
  values,
  onChange,
  errors,
  blank,
  incompleteId,
  disabled,
}: CardFieldsProps) {
  const { t } = useTranslation('payment');
  const id = useId();

  const describedBy = (field: CardField, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, blank.has(field) ? incompleteId : null, hint]
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = (field: CardField) => Boolean(errors[field]) || blank.has(field);

  const error = (field: CardField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="card-fields">
      <div className="field card-field-number">
        <label htmlFor={`${id}-number`}>{t('card.number')}</label>
        <input
          id={`${id}-number`}
          className="input"
          name="cardNumber"
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          value={values.cardNumber}
          onChange={(e) => onChange('cardNumber', reformat(e, formatCardNumber))}
          aria-invalid={invalid('cardNumber')}
          aria-describedby={describedBy('cardNumber')}
          disabled={disabled}
        />
        {error('cardNumber')}
      </div>
      <div className="field card-field-holder">
        <label htmlFor={`${id}-holder`}>{t('card.holder')}</label>
        <input
          id={`${id}-holder`}
          className="input"
          name="cardHolder"
          dir="auto"
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.cardHolder}
          onChange={(e) => onChange('cardHolder', e.target.value)}
          aria-invalid={invalid('cardHolder')}
          aria-describedby={describedBy('cardHolder')}
          disabled={disabled}
        />
        {error('cardHolder')}
      </div>
      <div className="field card-field-expiry">
        <label htmlFor={`${id}-expiry`}>{t('card.expiry')}</label>
        <input
          id={`${id}-expiry`}
          className="input"
          name="expiry"
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={values.expiry}
          onChange={(e) => onChange('expiry', reformat(e, formatExpiry))}
          aria-invalid={invalid('expiry')}
          aria-describedby={describedBy('expiry')}
          disabled={disabled}
        />
        {error('expiry')}
      </div>
      <div className="field card-field-cvv">
        <label htmlFor={`${id}-cvv`}>{t('card.cvv')}</label>
        <input
          id={`${id}-cvv`}
          className="input"
          name="cvv"
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={values.cvv}
          onChange={(e) => onChange('cvv', reformat(e, formatCvv))}
          aria-invalid={invalid('cvv')}
          aria-describedby={describedBy('cvv', `${id}-cvv-hint`)}
          disabled={disabled}
        />
        <p id={`${id}-cvv-hint`} className="field-hint">
          {t('card.cvvHint')}
        </p>
        {error('cvv')}
      </div>
    </div>
  );
}
