import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { findGovernorate, type Governorate } from '../../../../domain/governorates';
import { BookingStepFooter } from '../booking-step-frame';
import { DistrictOptions, GovernorateOptions } from './area-options';

interface ManualLocationFormProps {
  idPrefix: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  governorates: readonly Governorate[];
  governorateId: string;
  districtId: string;
  onGovernorateChange: (id: string) => void;
  onDistrictChange: (id: string) => void;
  /** The translated "please select the city and district", after a failed continue. */
  error: string | null;
  /** Why the customer is here after GPS (governorate found, district not; or nothing matched). */
  note: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
}

/** Required governorate, then a required district from that governorate (spec section 2). */
export function ManualLocationForm({
  idPrefix,
  headingRef,
  governorates,
  governorateId,
  districtId,
  onGovernorateChange,
  onDistrictChange,
  error,
  note,
  onSubmit,
  onBack,
}: ManualLocationFormProps) {
  const { t } = useTranslation('booking');
  const governorate = findGovernorate(governorateId);
  const errorId = `${idPrefix}-manual-error`;
  const districtHintId = `${idPrefix}-district-hint`;
  const governorateInvalid = Boolean(error) && !governorate;
  const districtInvalid = Boolean(error) && Boolean(governorate);

  return (
    <form className="booking-card booking-form" onSubmit={onSubmit} noValidate>
      <h2
        id={`${idPrefix}-manual-title`}
        ref={headingRef}
        tabIndex={-1}
        className="booking-card-title"
      >
        {t('selectCity.manual.title')}
      </h2>
      {note && (
        <p className="alert location-note" role="status">
          {note}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${idPrefix}-governorate`}>{t('selectCity.manual.governorate')}</label>
        <select
          id={`${idPrefix}-governorate`}
          className="select"
          required
          value={governorateId}
          onChange={(event) => onGovernorateChange(event.target.value)}
          aria-invalid={governorateInvalid || undefined}
          aria-describedby={governorateInvalid ? errorId : undefined}
          autoComplete="address-level1"
        >
          <GovernorateOptions governorates={governorates} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-district`}>{t('selectCity.manual.district')}</label>
        <select
          id={`${idPrefix}-district`}
          className="select"
          required
          value={districtId}
          onChange={(event) => onDistrictChange(event.target.value)}
          // Kept focusable (not disabled) so the hint is heard; it just has no options yet.
          aria-invalid={districtInvalid || undefined}
          aria-describedby={
            [districtInvalid ? errorId : '', governorate ? '' : districtHintId]
              .filter(Boolean)
              .join(' ') || undefined
          }
          autoComplete="address-level2"
        >
          <DistrictOptions governorate={governorate} />
        </select>
        {!governorate && (
          <p id={districtHintId} className="field-hint">
            {t('selectCity.manual.districtFirst')}
          </p>
        )}
      </div>
      <p id={errorId} className="field-error" role="alert">
        {error}
      </p>
      <BookingStepFooter
        back={
          <button type="button" className="btn btn-ghost" onClick={onBack}>
            {t('selectCity.manual.backToChoice')}
          </button>
        }
        next={t('selectCity.manual.continue')}
      />
    </form>
  );
}
