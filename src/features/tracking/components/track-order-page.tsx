import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { SearchIcon, TruckIcon } from '../../../components/ui/icons';
import { paths, trackPath } from '../../../config/paths';
import { trackingInputSchema } from '../../../domain/tracking-schema';
import { useTrackingLookup } from '../hooks/use-tracking-lookup';
import { AdminStatusUpdater } from './admin-status-updater';
import { OwnerPayment } from './owner-payment';
import { TrackingResult } from './tracking-result';
import '../../../components/ui/page-header.css';
import './track-order-page.css';
import { PageTitle } from '../../../components/ui/page-title';

/** A number from the path (already URL-decoded by the router) or from `?order=`. */
function numberFromUrl(param: string | undefined, query: string | null): string | null {
  const raw = param ?? query ?? '';
  const parsed = trackingInputSchema().safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * /track/:orderId and /track-order (spec section 2, 4, 8; D2). Stands alone without header or
 * footer, so it carries its own brand link and language toggle. A number in the URL is looked up
 * at once; a searched number replaces the URL, so the address bar is always a shareable link.
 */
export function TrackOrderPage() {
  const { t } = useTranslation(['tracking', 'common', 'errors', 'validation']);
  const { orderId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, lookUp, refresh, reset, live } = useTrackingLookup();
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const fromUrl = numberFromUrl(orderId, searchParams.get('order'));
  const [value, setValue] = useState(fromUrl ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  // The number last looked up, so the URL change our own search makes doesn't look it up twice.
  const lastLookedUp = useRef<string | null>(null);

  useEffect(() => {
    if (!fromUrl || fromUrl === lastLookedUp.current) return;
    lastLookedUp.current = fromUrl;
    setValue(fromUrl);
    setInputError(null);
    void lookUp(fromUrl);
  }, [fromUrl, lookUp]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = trackingInputSchema().safeParse(value);
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? 'validation:tracking.required');
      inputRef.current?.focus();
      return;
    }
    const number = parsed.data;
    setInputError(null);
    setValue(number);
    if (number === lastLookedUp.current) {
      // The number already in the URL: the effect won't fire again, so look it up here (a retry).
      void lookUp(number);
    }
    // The URL becomes the shareable link; for a new number, the effect above looks it up.
    if (location.pathname !== trackPath(number) || location.search !== '') {
      void navigate(trackPath(number), { replace: true });
    }
  };

  const trackAnother = () => {
    reset();
    lastLookedUp.current = null;
    setValue('');
    setInputError(null);
    void navigate(paths.trackOrder, { replace: true, state: { focusInput: true } });
    // The input is back in the page on the next render.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  // The app remounts the screen when the path changes; "track another" still lands in the input.
  const wantsFocus = (location.state as { focusInput?: unknown } | null)?.focusInput === true;
  useEffect(() => {
    if (wantsFocus) inputRef.current?.focus();
  }, [wantsFocus, location.key]);

  const inputId = `${ids}-number`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const loading = state.kind === 'loading';
  const showForm = state.kind !== 'found';

  return (
    <div className="track-page">
      <div className="track-topbar">
        <div className="container track-topbar-inner">
          <Link to={paths.home} className="track-brand" aria-label={t('common:brand.homeLink')}>
            <TruckIcon />
            <span>{t('common:brand.name')}</span>
          </Link>
          <LanguageToggle />
        </div>
      </div>

      <div className="container-narrow track-body">
        <header className="page-header">
          <PageTitle title={t('tracking:title')} />
          <h1>{t('tracking:title')}</h1>
          {showForm && <p className="lead">{t('tracking:lead')}</p>}
        </header>

        {showForm && (
          <form className="card track-form" onSubmit={onSubmit} noValidate role="search">
            <div className="field">
              <label htmlFor={inputId}>{t('tracking:form.label')}</label>
              <div className="track-form-row">
                <input
                  ref={inputRef}
                  id={inputId}
                  className="input track-input"
                  type="text"
                  dir="ltr"
                  inputMode="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={t('tracking:form.placeholder')}
                  value={value}
                  onChange={(event) => {
                    setValue(event.target.value);
                    if (inputError) setInputError(null);
                  }}
                  aria-invalid={inputError ? true : undefined}
                  aria-describedby={inputError ? `${errorId} ${hintId}` : hintId}
                />
                <button type="submit" className="btn btn-primary" disabled={loading}>
                  <SearchIcon />
                  {loading ? t('tracking:form.searching') : t('tracking:form.submit')}
                </button>
              </div>
              <p id={hintId} className="field-hint">
                {t('tracking:form.hint')}
              </p>
              <p id={errorId} className="field-error" aria-live="assertive">
                {inputError ? t(inputError) : null}
              </p>
            </div>
          </form>
        )}

        <div className="track-outcome" aria-live="polite" aria-busy={loading}>
          {loading && <LoadingStatus>{t('tracking:loading')}</LoadingStatus>}
          {state.kind === 'not-found' && (
            <div className="alert alert-error" role="alert">
              <p className="track-alert-title">{t('errors:tracking.notFound')}</p>
              <p className="track-alert-body">
                <bdi className="ltr-value">{state.number}</bdi> — {t('tracking:notFound.body')}
              </p>
            </div>
          )}
          {state.kind === 'error' && (
            <div className="alert alert-error" role="alert">
              <p className="track-alert-title">{t(state.messageKey)}</p>
            </div>
          )}
          {state.kind === 'found' && (
            <>
              <TrackingResult
                tracking={state.tracking}
                live={live}
                savedAt={state.savedAt}
                onRefresh={() => void refresh(state.tracking.orderNumber)}
                afterSummary={
                  <OwnerPayment
                    tracking={state.tracking}
                    onChanged={() => void refresh(state.tracking.orderNumber)}
                  />
                }
              />
              <AdminStatusUpdater
                orderNumber={state.tracking.orderNumber}
                currentStatus={state.tracking.status}
                onUpdated={() => void refresh(state.tracking.orderNumber)}
              />
              <div className="track-again">
                <button type="button" className="btn btn-secondary btn-lg" onClick={trackAnother}>
                  <SearchIcon />
                  {t('tracking:found.trackAnother')}
                </button>
              </div>
            </>
          )}
        </div>

        <p className="track-help muted">
          {t('tracking:help')}{' '}
          <Link
            to={paths.contact}
            state={state.kind === 'found' ? { orderNumber: state.tracking.orderNumber } : undefined}
          >
            {t('tracking:contactLink')}
          </Link>
        </p>
      </div>
    </div>
  );
}
