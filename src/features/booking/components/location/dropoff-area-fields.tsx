import { useTranslation } from 'react-i18next';
import { findGovernorate, GOVERNORATES } from '../../../../domain/governorates';
import { Field } from '../booking-field';
import { DistrictOptions, GovernorateOptions } from './area-options';

type DropoffField = 'dropoffGovernorateId' | 'dropoffDistrictId';

interface DropoffAreaFieldsProps {
  values: Record<DropoffField, string>;
  idFor: (field: string) => string;
  onChange: (field: DropoffField, value: string) => void;
  invalid: (field: DropoffField) => boolean | undefined;
  describedBy: (field: DropoffField, hint?: boolean) => string | undefined;
  errorText: (field: DropoffField) => React.ReactNode;
}

/**
 * Where the move ends (D11): a governorate, then one of its districts, the pickup's area until the
 * customer picks another. Moving further than the catalog's included kilometres adds a distance
 * fee, which the date screen shows as its own line.
 */
export function DropoffAreaFields({
  values,
  idFor,
  onChange,
  invalid,
  describedBy,
  errorText,
}: DropoffAreaFieldsProps) {
  const { t } = useTranslation('booking');
  const governorate = findGovernorate(values.dropoffGovernorateId);
  const hintId = `${idFor('dropoffDistrictId')}-hint`;

  return (
    <div className="customer-dropoff">
      <Field
        label={t('customerInfo.dropoffArea.governorate')}
        htmlFor={idFor('dropoffGovernorateId')}
      >
        <select
          id={idFor('dropoffGovernorateId')}
          className="select"
          value={values.dropoffGovernorateId}
          onChange={(event) => onChange('dropoffGovernorateId', event.target.value)}
          aria-invalid={invalid('dropoffGovernorateId')}
          aria-describedby={describedBy('dropoffGovernorateId')}
        >
          <GovernorateOptions governorates={GOVERNORATES} />
        </select>
        {errorText('dropoffGovernorateId')}
      </Field>
      <Field label={t('customerInfo.dropoffArea.district')} htmlFor={idFor('dropoffDistrictId')}>
        <select
          id={idFor('dropoffDistrictId')}
          className="select"
          value={values.dropoffDistrictId}
          onChange={(event) => onChange('dropoffDistrictId', event.target.value)}
          aria-invalid={invalid('dropoffDistrictId')}
          aria-describedby={describedBy('dropoffDistrictId', true)}
        >
          <DistrictOptions governorate={governorate} />
        </select>
        <p id={hintId} className="field-hint">
          {t('customerInfo.dropoffArea.hint')}
        </p>
        {errorText('dropoffDistrictId')}
      </Field>
    </div>
  );
}
