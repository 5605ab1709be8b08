import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { MapPinIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import {
  districtName,
  findDistrict,
  findGovernorate,
  governorateName,
} from '../../../domain/governorates';
import { formatDigits } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useCustomerInfo } from '../hooks/use-customer-info';
import type { PhoneVerifier } from '../hooks/use-phone-check';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';
import { Field } from './booking-field';
import { ConsentField } from './consent-field';
import { DropoffAreaFields } from './location/dropoff-area-fields';
import { PickupLocateStatus } from './location/pickup-locate-status';
import { PhoneCheckDialog } from './phone-check-dialog';
import '../flow/booking-page.css';
import './customer-info-page.css';

const PHONE_EXAMPLE = '010 1234 5678';

/**
 * /customer-info: who is moving and between which addresses (spec section 2). Next proves the
 * mobile number with a code first, unless the session already did (D13): `phoneVerifier` is the
 * auth feature's code step, wired in src/app.
 */
export function CustomerInfoPage({ phoneVerifier }: { phoneVerifier: PhoneVerifier }) {
  const { t } = useTranslation(['booking', 'validation']);
  const language = useDisplayLanguage();
  const { redirect, state, ids, idFor, values, onChange, errors, ...rest } = useCustomerInfo();
  const { suggestions, locate, fieldProps, consent, phoneCheck, ...form } = rest;

  if (redirect) return <Navigate to={redirect} replace />;

  const governorate = findGovernorate(state.governorateId);
  // After the question is answered its buttons are gone: on to the address it was about.
  const focusPickup = () =>
    requestAnimationFrame(() => document.getElementById(idFor('pickupAddress'))?.focus());
  const district = findDistrict(state.governorateId, state.districtId);

  return (
    <BookingStepLayout
      step="details"
      back={<BackButton fallback={paths.selectCity} />}
      title={t('customerInfo.title')}
      lead={t('customerInfo.lead')}
    >
      <form className="booking-form" onSubmit={form.onSubmit} noValidate>
        <section className="booking-card" aria-labelledby={`${ids}-where`}>
          <h2 id={`${ids}-where`} className="booking-card-title">
            {t('customerInfo.location.title')}
          </h2>
          <dl className="customer-location">
            <div>
              <dt>{t('customerInfo.location.city')}</dt>
              <dd>{governorate ? governorateName(governorate, language) : ''}</dd>
            </div>
            <div>
              <dt>{t('customerInfo.location.district')}</dt>
              <dd>{district ? districtName(district, language) : ''}</dd>
            </div>
          </dl>
          {state.locationSource === 'gps' && (
            <p className="field-hint customer-location-source">
              {t('customerInfo.location.fromGps')}
            </p>
          )}
          <Link className="customer-location-change" to={paths.selectCity}>
            {t('customerInfo.location.change')}
          </Link>
          <h3 className="customer-dropoff-title">{t('customerInfo.dropoffArea.title')}</h3>
          <DropoffAreaFields
            values={values}
            idFor={idFor}
            onChange={onChange}
            invalid={errors.invalid}
            describedBy={errors.describedBy}
            errorText={errors.errorText}
          />
        </section>

        <div className="booking-card booking-fields">
          {errors.alert}

          <Field label={t('customerInfo.fullName')} htmlFor={idFor('fullName')}>
            <input
              {...fieldProps('fullName')}
              className="input"
              type="text"
              autoComplete="name"
              list={`${ids}-name-list`}
              maxLength={80}
            />
            <datalist id={`${ids}-name-list`}>
              {suggestions.fullName.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {errors.errorText('fullName')}
          </Field>

          <Field label={t('customerInfo.phone')} htmlFor={idFor('phoneNumber')}>
            <input
              {...fieldProps('phoneNumber', true)}
              className="input booking-ltr-input"
              type="tel"
              inputMode="tel"
              dir="ltr"
              autoComplete="tel-national"
              list={`${ids}-phone-list`}
              maxLength={20}
            />
            <datalist id={`${ids}-phone-list`}>
              {suggestions.phoneNumber.map((phone) => (
                <option key={phone} value={phone} />
              ))}
            </datalist>
            <p id={`${idFor('phoneNumber')}-hint`} className="field-hint">
              <Trans
                t={t}
                i18nKey="customerInfo.phoneHint"
                values={{ example: formatDigits(PHONE_EXAMPLE, language) }}
                components={{ bdi: <bdi className="ltr-value ltr-digits" /> }}
              />
            </p>
            {errors.errorText('phoneNumber')}
          </Field>

          <div className="customer-locate">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void form.fillFromLocation()}
              disabled={locate.kind === 'locating'}
              aria-busy={locate.kind === 'locating' || undefined}
            >
              {locate.kind === 'locating' ? (
                <span className="spinner customer-locate-spinner" aria-hidden="true" />
              ) : (
                <MapPinIcon />
              )}
              {locate.kind === 'locating'
                ? t('customerInfo.useLocation.locating')
                : t('customerInfo.useLocation.button')}
            </button>
            <PickupLocateStatus
              id={`${ids}-locate-status`}
              locate={locate}
              pickup={{ governorateId: state.governorateId, districtId: state.districtId }}
              onMoveStartsHere={(area) => {
                form.moveStartsHere(area);
                focusPickup();
              }}
              onKeep={() => {
                form.keepPickupArea();
                focusPickup();
              }}
            />
          </div>

          <Field label={t('customerInfo.pickup')} htmlFor={idFor('pickupAddress')}>
            <input
              {...fieldProps('pickupAddress', true)}
              className="input"
              type="text"
              autoComplete="street-address"
              maxLength={300}
            />
            <p id={`${idFor('pickupAddress')}-hint`} className="field-hint">
              {t('customerInfo.pickupHint')}
            </p>
            {errors.errorText('pickupAddress')}
          </Field>

          <Field label={t('customerInfo.dropoff')} htmlFor={idFor('dropoffAddress')}>
            <input
              {...fieldProps('dropoffAddress')}
              className="input"
              type="text"
              autoComplete="off"
              maxLength={300}
            />
            {errors.errorText('dropoffAddress')}
          </Field>

          <Field
            label={t('customerInfo.notes')}
            optional={t('form.optional')}
            htmlFor={idFor('notes')}
          >
            <textarea
              {...fieldProps('notes', true)}
              className="textarea"
              rows={3}
              maxLength={1000}
            />
            <p id={`${idFor('notes')}-hint`} className="field-hint">
              {t('customerInfo.notesHint')}
            </p>
            {errors.errorText('notes')}
          </Field>

          <ConsentField {...consent} />
        </div>

        <BookingStepFooter next={t('customerInfo.next')} busy={phoneCheck.checking} />
      </form>
      {phoneCheck.verifying !== null && (
        <PhoneCheckDialog
          Verifier={phoneVerifier}
          phone={phoneCheck.verifying}
          onVerified={phoneCheck.onVerified}
          onCancel={() => {
            phoneCheck.onCancel();
            // Back to the number, the one thing the customer may want to change.
            requestAnimationFrame(() => document.getElementById(idFor('phoneNumber'))?.focus());
          }}
        />
      )}
    </BookingStepLayout>
  );
}
