import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { CloseIcon, ForwardArrowIcon, MapPinIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { GOVERNORATES, findGovernorate, governorateName } from '../../../domain/governorates';
import { formatMoney } from '../../../domain/money';
import { manualLocationSchema } from '../../../domain/schemas';
import { useAdoptNavigationState, useBookingFlow } from '../flow/booking-flow';
import { locateAddress, locateFailure, type LocateFailure } from '../hooks/locate';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { matchLocation } from './location/match-location';
import { ManualLocationForm } from './location/manual-location-form';
import { ListIcon } from './location/location-icons';
import { BookingStepLayout } from './booking-step-frame';
import '../flow/booking-page.css';
import './select-city-page.css';

type Mode = 'choice' | 'locating' | 'manual';
type ManualNote = { kind: 'partial'; governorateId: string } | { kind: 'none' } | null;
type GpsError = Exclude<LocateFailure, 'aborted'>;

/**
 * /select-city (spec section 4, "Location modes"): choice, GPS (locating, then on to the next
 * step) or manual. A failed or refused GPS lookup returns to the choice with a dismissible alert;
 * cancel abandons the lookup silently.
 */
export function SelectCityPage() {
  const { t } = useTranslation(['booking', 'pricing', 'validation']);
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const { state, update, reset } = useBookingFlow();
  const ids = useId();

  // A finished booking is over: coming back here starts a new one.
  const finished = Boolean(state.orderId);
  useEffect(() => {
    if (finished) reset();
  }, [finished, reset]);
  useAdoptNavigationState();

  const [mode, setMode] = useState<Mode>('choice');
  const [error, setError] = useState<GpsError | null>(null);
  const [note, setNote] = useState<ManualNote>(null);
  const [governorateId, setGovernorateId] = useState(state.governorateId ?? '');
  const [districtId, setDistrictId] = useState(state.districtId ?? '');
  const [manualError, setManualError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => () => abortRef.current?.abort(), []);

  // Each mode swaps the screen's content: move focus to its heading so keyboard and screen
  // reader users land in the new content rather than on a button that vanished.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [mode]);

  const startGps = async () => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setNote(null);
    setMode('locating');
    try {
      const place = await locateAddress({ signal: controller.signal, language });
      if (controller.signal.aborted) return;
      const match = matchLocation(place);
      if (match.kind === 'full') {
        update({
          governorateId: match.governorate.id,
          districtId: match.district.id,
          locationSource: 'gps',
        });
        void navigate(paths.customerInfo);
        return;
      }
      if (match.kind === 'governorate') {
        setGovernorateId(match.governorate.id);
        setDistrictId('');
        setNote({ kind: 'partial', governorateId: match.governorate.id });
      } else {
        setNote({ kind: 'none' });
      }
      setManualError(null);
      setMode('manual');
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = locateFailure(failure);
      if (reason === 'aborted') return;
      setError(reason);
      setMode('choice');
    }
  };

  const cancelGps = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setMode('choice');
  };

  const openManual = () => {
    setError(null);
    setNote(null);
    setManualError(null);
    setMode('manual');
  };

  const backToChoice = () => {
    setNote(null);
    setManualError(null);
    setMode('choice');
  };

  const submitManual = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = manualLocationSchema.safeParse({ governorateId, districtId });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setManualError(issue?.message ?? 'validation:location.required');
      const field = parsed.error.issues.some((i) => i.path[0] === 'governorateId')
        ? 'governorate'
        : 'district';
      document.getElementById(`${ids}-${field}`)?.focus();
      return;
    }
    update({
      governorateId: parsed.data.governorateId,
      districtId: parsed.data.districtId,
      locationSource: 'manual',
    });
    void navigate(paths.customerInfo);
  };

  const noteGovernorate =
    note?.kind === 'partial' ? findGovernorate(note.governorateId) : undefined;
  const carried =
    !finished && state.moveType && state.totalPrice !== undefined
      ? t('carried.service', {
          type: t(`pricing:moveTypes.${state.moveType}.label`),
          price: formatMoney(state.totalPrice, language),
        })
      : null;

  return (
    <BookingStepLayout
      step="location"
      back={<BackButton fallback={paths.home} />}
      title={t('selectCity.title')}
      lead={t('selectCity.lead')}
    >
      {carried && <p className="badge booking-carried">{carried}</p>}

      {error && mode === 'choice' && (
        <div className="alert alert-error booking-alert location-alert" role="alert">
          <p>{t(`selectCity.errors.${error}`)}</p>
          {error !== 'unsupported' && (
            <button type="button" className="btn btn-secondary" onClick={() => void startGps()}>
              {t('selectCity.errors.retry')}
            </button>
          )}
          {/* A neutral close button in the alert's corner, not a red × beside "Try again". */}
          <button
            type="button"
            className="location-dismiss"
            onClick={() => setError(null)}
            aria-label={t('selectCity.errors.dismiss')}
          >
            <CloseIcon />
          </button>
        </div>
      )}

      {mode === 'choice' && (
        <section aria-labelledby={`${ids}-choice`}>
          <h2 id={`${ids}-choice`} ref={headingRef} tabIndex={-1} className="booking-card-title">
            {t('selectCity.choiceLegend')}
          </h2>
          <div className="location-choices">
            <button type="button" className="location-choice" onClick={() => void startGps()}>
              <span className="location-choice-icon">
                <MapPinIcon />
              </span>
              <span className="location-choice-text">
                <span className="location-choice-title">{t('selectCity.gps.title')}</span>
                <span className="location-choice-desc">{t('selectCity.gps.description')}</span>
              </span>
              <ForwardArrowIcon className="location-choice-arrow" />
            </button>
            <button type="button" className="location-choice" onClick={openManual}>
              <span className="location-choice-icon">
                <ListIcon />
              </span>
              <span className="location-choice-text">
                <span className="location-choice-title">{t('selectCity.manualChoice.title')}</span>
                <span className="location-choice-desc">
                  {t('selectCity.manualChoice.description')}
                </span>
              </span>
              <ForwardArrowIcon className="location-choice-arrow" />
            </button>
          </div>
        </section>
      )}

      {mode === 'locating' && (
        <section className="booking-card location-locating" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
          <div role="status" className="location-locating-text">
            <h2 ref={headingRef} tabIndex={-1} className="booking-card-title">
              {t('selectCity.gps.locatingTitle')}
            </h2>
            <p className="muted">{t('selectCity.gps.wait')}</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={cancelGps}>
            {t('selectCity.gps.cancel')}
          </button>
        </section>
      )}

      {mode === 'manual' && (
        <ManualLocationForm
          idPrefix={ids}
          headingRef={headingRef}
          governorates={GOVERNORATES}
          governorateId={governorateId}
          districtId={districtId}
          onGovernorateChange={(id) => {
            setGovernorateId(id);
            // A district belongs to its governorate: a new governorate clears it (spec).
            setDistrictId('');
            setManualError(null);
          }}
          onDistrictChange={(id) => {
            setDistrictId(id);
            setManualError(null);
          }}
          error={manualError ? t(manualError) : null}
          note={
            note?.kind === 'partial' && noteGovernorate
              ? t('selectCity.manual.gpsPartial', {
                  governorate: governorateName(noteGovernorate, language),
                })
              : note?.kind === 'none'
                ? t('selectCity.manual.gpsNone')
                : null
          }
          onSubmit={submitManual}
          onBack={backToChoice}
        />
      )}
    </BookingStepLayout>
  );
}
