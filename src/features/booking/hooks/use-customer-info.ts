import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { customerDetailsSchema } from '../../../domain/booking-schemas';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useBookingFlow } from '../flow/booking-flow';
import { locateAddress, locateFailure } from './locate';
import { readSuggestions, rememberSuggestion } from './suggestions';
import { useBookingGuard } from './use-booking-guard';
import { usePhoneCheck } from './use-phone-check';
import { useStepDraft } from './use-step-draft';
import { useStepErrors } from './use-step-errors';

export const CUSTOMER_FIELDS = [
  'fullName',
  'phoneNumber',
  'pickupAddress',
  'dropoffAddress',
  'dropoffGovernorateId',
  'dropoffDistrictId',
  'notes',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export type LocateStatus =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'filled'; target: 'pickup' | 'dropoff' }
  | { kind: 'error'; reason: 'denied' | 'failed' };

/** The customer-info screen's logic: its draft, the location lookup for an address, and Next. */
export function useCustomerInfo() {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  const { state, update } = useBookingFlow();
  const redirect = useBookingGuard('customerInfo', state);
  const ids = useId();
  const idFor = (field: string) => `${ids}-${field}`;

  const [values, change, clearDraft] = useStepDraft('customerInfo', () => ({
    fullName: state.fullName ?? '',
    phoneNumber: state.phoneNumber ?? '',
    pickupAddress: state.pickupAddress ?? '',
    dropoffAddress: state.dropoffAddress ?? '',
    notes: state.notes ?? '',
    // Where the move ends (D11): the pickup's area until the customer picks another.
    dropoffGovernorateId: state.dropoffGovernorateId ?? state.governorateId ?? '',
    dropoffDistrictId: state.dropoffDistrictId ?? state.districtId ?? '',
  }));
  const errors = useStepErrors(CUSTOMER_FIELDS, VALIDATION_MESSAGES.customerInfoRequired, idFor);
  const [suggestions] = useState(() => ({
    fullName: readSuggestions('fullName'),
    phoneNumber: readSuggestions('phoneNumber'),
  }));
  const [locate, setLocate] = useState<LocateStatus>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const phoneCheck = usePhoneCheck(state.phoneNumber);
  useEffect(() => () => abortRef.current?.abort(), []);

  const onChange = (field: CustomerField, value: string) => {
    // A district belongs to its governorate: another governorate clears it.
    change(
      field === 'dropoffGovernorateId'
        ? { [field]: value, dropoffDistrictId: '' }
        : { [field]: value },
    );
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
    const parsed = customerDetailsSchema.safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    const data = parsed.data;
    // The pickup's own area is not stored as a drop-off: it follows the pickup if that changes.
    const samePlace =
      data.dropoffGovernorateId === state.governorateId &&
      data.dropoffDistrictId === state.districtId;
    update({
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      pickupAddress: data.pickupAddress,
      dropoffAddress: data.dropoffAddress,
      notes: data.notes ? data.notes : undefined,
      dropoffGovernorateId: samePlace ? undefined : data.dropoffGovernorateId,
      dropoffDistrictId: samePlace ? undefined : data.dropoffDistrictId,
    });
    rememberSuggestion('fullName', data.fullName);
    rememberSuggestion('phoneNumber', data.phoneNumber);
    clearDraft();
    // On to the date once the number is proved (D13); else its code, here, first.
    void phoneCheck.check(data.phoneNumber);
  };

  /** What every input of the form takes: id, name, value, aria state and its change handler. */
  const fieldProps = (field: CustomerField, hint?: boolean) => ({
    id: idFor(field),
    name: field,
    value: values[field],
    'aria-invalid': errors.invalid(field),
    'aria-describedby': errors.describedBy(field, hint),
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  /** Stored at once, like the rest of the flow (D7): a reload keeps the customer's choice. */
  const consent = {
    checked: state.notifyConsent === true,
    onChange: (checked: boolean) => update({ notifyConsent: checked }),
  };

  return {
    redirect,
    state,
    phoneCheck,
    consent,
    ids,
    idFor,
    values,
    onChange,
    errors,
    suggestions,
    locate,
    fillFromLocation,
    onSubmit,
    fieldProps,
  };
}
