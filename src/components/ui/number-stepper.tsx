import { useState, type KeyboardEvent } from 'react';
import { normalizeDigits } from '../../domain/digits';
import { formatNumber } from '../../domain/money';
import type { DisplayLanguage } from '../../domain/locale';
import './number-stepper.css';

interface NumberStepperProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  /** The domain clamp for this quantity (clampFloor, clampWorkers): one rule, one place. */
  clamp: (n: unknown) => number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
  /** The value in words ("3 workers"), read by screen readers with the spin button. */
  valueText: string;
  /** Announced after each change, away from the field too ("Workers: 3 workers"). */
  announcement: string;
  language: DisplayLanguage;
  hintId?: string;
}

/**
 * − [ n ] +: a spin button the customer can also type into. Typing accepts Arabic-Indic digits
 * (Egyptian keyboards) and clamps to the range. The minus and plus glyphs are symmetric and are
 * never mirrored; in RTL the row simply runs right to left, minus first, as the numbers grow.
 */
export function NumberStepper({
  id,
  label,
  value,
  min,
  max,
  clamp,
  onChange,
  decreaseLabel,
  increaseLabel,
  valueText,
  announcement,
  language,
  hintId,
}: NumberStepperProps) {
  // While the customer edits, the field shows what they typed (possibly empty); otherwise the
  // value in their own digits.
  const [draft, setDraft] = useState<string | null>(null);
  const atMin = value <= min;
  const atMax = value >= max;

  const step = (delta: number) => {
    setDraft(null);
    onChange(clamp(value + delta));
  };

  const onType = (text: string) => {
    const digits = normalizeDigits(text).replace(/\D/g, '');
    if (digits === '') {
      setDraft('');
      onChange(clamp(min));
      return;
    }
    setDraft(null);
    onChange(clamp(Number(digits)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => step(1),
      ArrowDown: () => step(-1),
      Home: () => onChange(min),
      End: () => onChange(max),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      setDraft(null);
      action();
    }
  };

  return (
    <div className="stepper-field">
      <label className="stepper-label" htmlFor={id}>
        {label}
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper-button"
          aria-label={decreaseLabel}
          aria-controls={id}
          // aria-disabled, not disabled: the button keeps focus at the end of the range.
          aria-disabled={atMin}
          onClick={() => {
            if (!atMin) step(-1);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          className="stepper-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={value}
          aria-valuetext={valueText}
          aria-describedby={hintId}
          value={draft ?? formatNumber(value, language)}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setDraft(null)}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label={increaseLabel}
          aria-controls={id}
          aria-disabled={atMax}
          onClick={() => {
            if (!atMax) step(1);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
            <path
              d="M5 12h14M12 5v14"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
