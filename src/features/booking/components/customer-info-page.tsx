import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { MapPinIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import {
  districtName,
  findDistrict,
  findGovernorate,
  governorateName,
} from '../../../domain/governorates';
import { customerInfoSchema, VALIDATION_MESSAGES } from '../../../domain/schemas';
import { useBookingFlow } from '../flow/booking-flow';
import { locateAddress, locateFailure } from '../hooks/locate';
import { readSuggestions, rememberSuggestion } from '../hooks/suggestions';
import { useBookingGuard } from '../hooks/use-booking-guard';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useFormDraft } from '../hooks/use-form-draft';
import { useStepErrors } from '../hooks/use-step-errors';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';
import '../flow/booking-page.css';
import './customer-info-page.css';

const FIELDS = ['fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress', 'notes'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

export const CUSTOMER_DRAFT_KEY = 'afsh.booking.customerDraft';
const PHONE_EXAMPLE = '010 1234 5678';

type LocateStatus =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'filled'; target: 'pickup' | 'dropoff' }
  | { kind: 'error'; reason: 'denied' | 'failed' };

/** /customer-info: who is moving and between which addresses (spec section 2). */
export function CustomerInfoPage() {
  const { t } = useTranslation(['booking', 'validation']);
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const { state, update } = useBookingFlow();
  const redirect = useBookingGuard('customerInfo', state);
  const ids = useId();
  const idFor = (field: string) => `${ids}-${field}`;

  const [values, change, clearDraft] = useFormDraft<Values>(CUSTOMER_DRAFT_KEY, () => ({
    fullName: state.fullName ?? '',
    phoneNumber: state.phoneNumber ?? '',
    pickupAddress: state.pickupAddress ?? '',
    dropoffAddress: state.dropoffAddress ?? '',
    notes: state.notes ?? '',
  }));
  const errors = useStepErrors(FIELDS, VALIDATION_MESSAGES.customerInfoRequired, idFor);
  const [suggestions] = useState(() => ({
    fullName: readSuggestions('fullName'),
    phoneNumber: readSuggestions('phoneNumber'),
  }));
  const [locate, setLocate] = useState<LocateStatus>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  if (redirect) return <Navigate to={redirect} replace />;

  const governorate = findGovernorate(state.governorateId);
  const district = findDistrict(state.governorateId, state.districtId);

  const onChange = (field: Field, value: string) => {
    change({ [field]: value } as Partial<Values>);
    errors.clear(field);
  };

  const fillFromLocation = async () => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setLocate({ kind: 'locating' });
    try {
      const place = await locateAddress({ signal: controller.signal, language });
      if (controller.signal.aborted) return;
      const address =
        place.displayName ||
        [place.district, place.city].filter(Boolean).join('، ') ||
        t('customerInfo.useLocation.unknownAddress');
      // The spec's choice: OK puts it in the pickup address, Cancel in the drop-off address.
      const asPickup = window.confirm(t('customerInfo.useLocation.confirm', { address }));
      onChange(asPickup ? 'pickupAddress' : 'dropoffAddress', address.slice(0, 300));
      setLocate({ kind: 'filled', target: asPickup ? 'pickup' : 'dropoff' });
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = locateFailure(failure);
      if (reason === 'aborted') return;
      setLocate({ kind: 'error', reason: reason === 'denied' ? 'denied' : 'failed' });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = customerInfoSchema.safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    const data = parsed.data;
    update({
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      pickupAddress: data.pickupAddress,
      dropoffAddress: data.dropoffAddress,
      notes: data.notes ? data.notes : undefined,
    });
    rememberSuggestion('fullName', data.fullName);
    rememberSuggestion('phoneNumber', data.phoneNumber);
    clearDraft();
    void navigate(paths.dateSelection);
  };

  const fieldProps = (field: Field, hint?: boolean) => ({
    id: idFor(field),
    name: field,
    value: values[field],
    'aria-invalid': errors.invalid(field),
    'aria-describedby': errors.describedBy(field, hint),
  });

  return (
    <BookingStepLayout
      step="details"
      back={<BackButton fallback={paths.selectCity} />}
      title={t('customerInfo.title')}
      lead={t('customerInfo.lead')}
    >
      <form className="booking-form" onSubmit={onSubmit} noValidate>
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
          <Link className="customer-location-change" to={paths.selectCity}>
            {t('customerInfo.location.change')}
          </Link>
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
              onChange={(event) => onChange('fullName', event.target.value)}
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
              onChange={(event) => onChange('phoneNumber', event.target.value)}
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
                values={{ example: PHONE_EXAMPLE }}
                components={{ bdi: <bdi className="ltr-value" /> }}
              />
            </p>
            {errors.errorText('phoneNumber')}
          </Field>

          <div className="customer-locate">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void fillFromLocation()}
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
            <p role="status" className={locate.kind === 'error' ? 'field-error' : 'field-hint'}>
              {locate.kind === 'filled' &&
                t(
                  locate.target === 'pickup'
                    ? 'customerInfo.useLocation.filledPickup'
                    : 'customerInfo.useLocation.filledDropoff',
                )}
              {locate.kind === 'error' && t(`customerInfo.useLocation.${locate.reason}`)}
            </p>
          </div>

          <Field label={t('customerInfo.pickup')} htmlFor={idFor('pickupAddress')}>
            <input
              {...fieldProps('pickupAddress', true)}
              className="input"
              type="text"
              autoComplete="street-address"
              maxLength={300}
              onChange={(event) => onChange('pickupAddress', event.target.value)}
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
              onChange={(event) => onChange('dropoffAddress', event.target.value)}
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
              onChange={(event) => onChange('notes', event.target.value)}
            />
            <p id={`${idFor('notes')}-hint`} className="field-hint">
              {t('customerInfo.notesHint')}
            </p>
            {errors.errorText('notes')}
          </Field>
        </div>

        <BookingStepFooter next={t('customerInfo.next')} />
      </form>
    </BookingStepLayout>
  );
}

function Field({
  label,
  htmlFor,
  optional,
  children,
}: {
  label: string;
  htmlFor: string;
  optional?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>
        {label}
        {optional && <span className="field-optional">{optional}</span>}
      </label>
      {children}
    </div>
  );
}
