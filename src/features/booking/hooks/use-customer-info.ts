import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { customerDetailsSchema } from '../../../domain/booking-schemas';
import type { DistrictCandidate } from '../../../domain/district-match';
import type { Place } from '../../../domain/distance';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useBookingFlow } from '../flow/booking-flow';
import { locateDistrict, locateFailure } from './locate';
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

/**
 * The pickup address's "use my current location" (D21): it fills the pickup address when the
 * position agrees with the pickup area chosen on step 1; when it points elsewhere it asks which
 * is right ('ask') rather than fill an address that contradicts the area.
 */
export type LocateStatus =
  | { kind: 'idle' }
  | { kind: 'locating' }
  /** The pickup address is filled; `area` is the pickup area the customer moved it to, if any. */
  | { kind: 'filled'; area?: Place }
  /** A position, but no address for it (the geocoder is down or knows none): nothing filled. */
  | { kind: 'noAddress' }
  /** A position far from every district we serve: nothing filled. */
  | { kind: 'far' }
  | { kind: 'ask'; address: string; offered: readonly DistrictCandidate[] }
  /** The customer kept the pickup area after an 'ask': nothing filled. */
  | { kind: 'kept' }
  | { kind: 'error'; reason: 'denied' | 'failed' };

/** The customer-info screen's logic: its draft, the location lookup for an address, and Next. */
export function useCustomerInfo() {
  const language = useDisplayLanguage();
  const { state, update } = useBookingFlow();
  const pickupArea: Partial<Place> = {
    governorateId: state.governorateId,
    districtId: state.districtId,
  };
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

  const fillPickup = (address: string) => onChange('pickupAddress', address.slice(0, 300));

  const fillFromLocation = async () => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setLocate({ kind: 'locating' });
    try {
      const { place, match, offered, agreesWith } = await locateDistrict({
        signal: controller.signal,
        language,
      });
      if (controller.signal.aborted) return;
      const address = place
        ? place.displayName || [place.district, place.city].filter(Boolean).join('، ')
        : '';
      if (match.kind === 'none') {
        setLocate({ kind: 'far' });
      } else if (address === '') {
        // No address to fill, so nothing to contradict the pickup area with.
        setLocate({ kind: 'noAddress' });
      } else if (agreesWith(pickupArea)) {
        fillPickup(address);
        setLocate({ kind: 'filled' });
      } else {
        setLocate({ kind: 'ask', address, offered });
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = locateFailure(failure);
      if (reason === 'aborted') return;
      setLocate({ kind: 'error', reason: reason === 'denied' ? 'denied' : 'failed' });
    }
  };

  /**
   * After an 'ask': the move starts where the customer is. The pickup area becomes that district
   * and the address is filled; a drop-off area still on the old pickup's default follows it.
   */
  const moveStartsHere = (area: Place) => {
    if (locate.kind !== 'ask') return;
    const dropoffWasDefault =
      values.dropoffGovernorateId === state.governorateId &&
      values.dropoffDistrictId === state.districtId;
    update({
      governorateId: area.governorateId,
      districtId: area.districtId,
      locationSource: 'gps',
    });
    if (dropoffWasDefault) {
      change({ dropoffGovernorateId: area.governorateId, dropoffDistrictId: area.districtId });
    }
    fillPickup(locate.address);
    setLocate({
      kind: 'filled',
      area: { governorateId: area.governorateId, districtId: area.districtId },
    });
  };

  /** After an 'ask': the pickup area stands, and the address is the customer's to type. */
  const keepPickupArea = () => setLocate({ kind: 'kept' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = customerDetailsSchema().safeParse(values);
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
    moveStartsHere,
    keepPickupArea,
    onSubmit,
    fieldProps,
  };
}
