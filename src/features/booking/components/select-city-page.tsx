import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/ui/back-button';
import { CloseIcon, ForwardArrowIcon, MapPinIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { GOVERNORATES } from '../../../domain/governorates';
import { useSelectCity } from '../hooks/use-select-city';
import { ManualLocationForm } from './location/manual-location-form';
import { ListIcon } from './location/location-icons';
import { NearbyDistricts } from './location/nearby-districts';
import { BookingStepLayout } from './booking-step-frame';
import { ServiceChoice } from './service-choice';
import '../flow/booking-page.css';
import './select-city-page.css';

/**
 * /select-city (spec section 4, "Location modes"): choice, GPS (locating, then on to the next
 * step, or the nearest districts to choose from, D21) or manual. A failed or refused GPS lookup
 * returns to the choice with a dismissible alert; cancel abandons the lookup silently.
 */
export function SelectCityPage() {
  const { t } = useTranslation(['booking', 'pricing', 'validation']);
  const { ids, mode, error, note, headingRef, manualError, nearby, ...city } = useSelectCity();

  return (
    <BookingStepLayout
      step="location"
      back={<BackButton fallback={paths.home} />}
      title={t('selectCity.title')}
      lead={t('selectCity.lead')}
    >
      {/* Step 1 asks for the service first, as the home page says (D22). */}
      {mode !== 'locating' && <ServiceChoice />}

      {error && mode === 'choice' && (
        <div className="alert alert-error booking-alert location-alert" role="alert">
          <p>{t(`selectCity.errors.${error}`)}</p>
          {error !== 'unsupported' && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void city.startGps()}
            >
              {t('selectCity.errors.retry')}
            </button>
          )}
          {/* A neutral close button in the alert's corner, not a red × beside "Try again". */}
          <button
            type="button"
            className="location-dismiss"
            onClick={city.dismissError}
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
            <button type="button" className="location-choice" onClick={() => void city.startGps()}>
              <span className="location-choice-icon">
                <MapPinIcon />
              </span>
              <span className="location-choice-text">
                <span className="location-choice-title">{t('selectCity.gps.title')}</span>
                <span className="location-choice-desc">{t('selectCity.gps.description')}</span>
              </span>
              <ForwardArrowIcon className="location-choice-arrow" />
            </button>
            <button type="button" className="location-choice" onClick={city.openManual}>
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
          <button type="button" className="btn btn-secondary" onClick={city.cancelGps}>
            {t('selectCity.gps.cancel')}
          </button>
        </section>
      )}

      {mode === 'nearby' && nearby && (
        <NearbyDistricts
          idPrefix={ids}
          headingRef={headingRef}
          why={nearby.why}
          candidates={nearby.candidates}
          onChoose={city.choose}
          onList={city.chooseFromList}
          onBack={city.backToChoice}
        />
      )}

      {mode === 'manual' && (
        <ManualLocationForm
          idPrefix={ids}
          headingRef={headingRef}
          governorates={GOVERNORATES}
          governorateId={city.governorateId}
          districtId={city.districtId}
          onGovernorateChange={city.changeGovernorate}
          onDistrictChange={city.changeDistrict}
          error={manualError ? t(manualError) : null}
          note={
            note?.kind === 'far'
              ? t('selectCity.manual.gpsFar')
              : note?.kind === 'none'
                ? t('selectCity.manual.gpsNone')
                : null
          }
          onSubmit={city.submitManual}
          onBack={city.backToChoice}
        />
      )}
    </BookingStepLayout>
  );
}
