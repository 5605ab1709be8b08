import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../components/ui/icons';
import { keepTabInside } from '../../components/ui/modal-focus';
import { hasForbiddenChars } from '../../domain/text';
import { normalizeTrackingInput } from '../../domain/tracking-input';
import './track-dialog.css';

/**
 * The number to look up, or the key of what is wrong with the typed text. Any way of writing
 * an order number is forgiven (normalizeTrackingInput: Arabic-Indic digits, spaces, other
 * dashes, lower case); an unknown number is the tracker's "not found", not an error here.
 */
export function trackedNumber(typed: string): { number: string } | { error: string } {
  const number = normalizeTrackingInput(typed);
  if (number === '') return { error: 'trackDialog.required' };
  if (hasForbiddenChars(number)) return { error: 'trackDialog.invalid' };
  return { number };
}

/**
 * The header's "track your order" (D22): an in-page modal dialog instead of window.prompt, which
 * is unstyled, left to right in an Arabic page and blocked by some in-app browsers. A native
 * <dialog> opened with showModal: the rest of the page is inert (focus stays inside), Escape
 * closes it, it is named by its title, and focus goes back to the button that opened it. The
 * number is typed left to right whatever the page's direction, in any digits.
 */
export function TrackDialog({
  onTrack,
  onClose,
}: {
  onTrack(number: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Opened as soon as it is in the page; focus starts in the field, and goes back on close to
  // where it was (the header's button).
  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    inputRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    // A modal dialog leaves the page inert, but Tab would still go on to the browser's own
    // controls from its last button: it goes round inside instead.
    keepTabInside(event, dialogRef.current);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = trackedNumber(value);
    if ('error' in checked) {
      setError(checked.error);
      inputRef.current?.focus();
      return;
    }
    onTrack(checked.number);
  };

  const titleId = `${ids}-title`;
  const inputId = `${ids}-number`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  return (
    <dialog
      ref={dialogRef}
      className="track-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // The browser closes a modal dialog on Escape itself; keep the header's state in step.
      onClose={onClose}
      onMouseDown={(event) => {
        // A tap on the backdrop (outside the panel) closes it, as on every dialog.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <form className="track-dialog-body" onSubmit={onSubmit} noValidate role="search">
        <div className="track-dialog-head">
          <h2 id={titleId}>{t('trackDialog.title')}</h2>
          <button
            type="button"
            className="track-dialog-close"
            aria-label={t('trackDialog.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="field">
          <label htmlFor={inputId}>{t('trackDialog.label')}</label>
          <input
            ref={inputRef}
            id={inputId}
            className="input track-dialog-input"
            type="text"
            dir="ltr"
            inputMode="text"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('trackDialog.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
          <p id={hintId} className="field-hint">
            <Trans
              t={t}
              i18nKey="trackDialog.hint"
              values={{ example: 'AF-20250101-123' }}
              components={{ num: <bdi className="ltr-value" dir="ltr" /> }}
            />
          </p>
          <p id={errorId} className="field-error" aria-live="assertive">
            {error ? t(error) : null}
          </p>
        </div>
        <div className="track-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('trackDialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary">
            <SearchIcon />
            {t('trackDialog.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
