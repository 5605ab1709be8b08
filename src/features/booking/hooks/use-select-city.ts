import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { manualLocationSchema } from '../../../domain/booking-schemas';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdoptNavigationState, useBookingFlow } from '../flow/booking-flow';
import { flowPrice } from '../flow/flow-price';
import { usePriceCatalog } from '../../../data/react/price-catalog';
import { matchLocation } from '../components/location/match-location';
import { locateAddress, locateFailure, type LocateFailure } from './locate';

export type LocationMode = 'choice' | 'locating' | 'manual';
export type ManualNote = { kind: 'partial'; governorateId: string } | { kind: 'none' } | null;
export type GpsError = Exclude<LocateFailure, 'aborted'>;

/**
 * The location screen's logic (spec section 4, "Location modes"): choice, GPS (locating, then on
 * to the next step) or manual. A failed or refused GPS lookup returns to the choice with an
 * error; cancel abandons the lookup silently. Arriving from /prices, the carried service is
 * taken into the booking store.
 */
export function useSelectCity() {
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const { state, update, reset } = useBookingFlow();
  const catalog = usePriceCatalog();
  const ids = useId();

  // A finished booking is over: coming back here starts a new one.
  const finished = Boolean(state.orderId);
  useEffect(() => {
    if (finished) reset();
  }, [finished, reset]);
  useAdoptNavigationState();

  const [mode, setMode] = useState<LocationMode>('choice');
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

  const changeGovernorate = (id: string) => {
    setGovernorateId(id);
    // A district belongs to its governorate: a new governorate clears it (spec).
    setDistrictId('');
    setManualError(null);
  };

  const changeDistrict = (id: string) => {
    setDistrictId(id);
    setManualError(null);
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

  // The service chosen on /prices, with the estimate the date screen will start from.
  const carried = finished ? null : flowPrice(state, catalog);

  return {
    ids,
    mode,
    error,
    dismissError: () => setError(null),
    note,
    governorateId,
    districtId,
    manualError,
    headingRef,
    carried: carried?.moveType && carried.total !== null ? carried : null,
    startGps,
    cancelGps,
    openManual,
    backToChoice,
    changeGovernorate,
    changeDistrict,
    submitManual,
  };
}
