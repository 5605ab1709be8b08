import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { manualLocationSchema } from '../../../domain/booking-schemas';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdoptNavigationState, useBookingFlow } from '../flow/booking-flow';
import { flowPrice } from '../flow/flow-price';
import { usePriceCatalog } from '../../../data/react/price-catalog';
import type { DistrictCandidate } from '../../../domain/district-match';
import { locateDistrict, locateFailure, type LocateFailure } from './locate';

export type LocationMode = 'choice' | 'locating' | 'nearby' | 'manual';
/** Why the manual form opened after a GPS lookup: the position is far from, or not, a place. */
export type ManualNote = { kind: 'far' } | { kind: 'none' } | null;
export type GpsError = Exclude<LocateFailure, 'aborted'>;
/**
 * The districts to choose from after a GPS lookup (D21), nearest first: the position is near
 * several of them ('near'), or the geocoder could not be asked and the position alone found them
 * ('noAddress').
 */
export interface Nearby {
  why: 'near' | 'noAddress';
  candidates: readonly DistrictCandidate[];
}

/**
 * The location screen's logic (spec section 4, "Location modes"): choice, GPS (locating, then on
 * to the next step when one district is clearly the customer's, or the nearest few to choose
 * from, D21) or manual. A failed or refused browser position returns to the choice with an
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
  const [nearby, setNearby] = useState<Nearby | null>(null);
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

  /** A district from the GPS lookup: the one clearly found, or the one the customer chose. */
  const choose = (place: { governorateId: string; districtId: string }) => {
    update({
      governorateId: place.governorateId,
      districtId: place.districtId,
      locationSource: 'gps',
    });
    void navigate(paths.customerInfo);
  };

  const startGps = async () => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setNote(null);
    setMode('locating');
    try {
      const { place, match } = await locateDistrict({ signal: controller.signal, language });
      if (controller.signal.aborted) return;
      if (match.kind === 'none') {
        setNote({ kind: match.reason === 'far' ? 'far' : 'none' });
        setManualError(null);
        setMode('manual');
        return;
      }
      // One district clearly the customer's goes on. Without an address the position alone
      // found it, so the customer confirms it among the nearest, told why.
      if (match.kind === 'clear' && place !== null) {
        choose(match.district);
        return;
      }
      setNearby({
        why: place === null ? 'noAddress' : 'near',
        candidates: match.kind === 'clear' ? match.nearest : match.candidates,
      });
      setMode('nearby');
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = locateFailure(failure);
      if (reason === 'aborted') return;
      setError(reason);
      setMode('choice');
    }
  };

  /** From the nearby districts to the full list, opened on the nearest one's governorate. */
  const chooseFromList = () => {
    const first = nearby?.candidates[0];
    if (first) {
      setGovernorateId(first.governorateId);
      setDistrictId('');
    }
    openManual();
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
    const parsed = manualLocationSchema().safeParse({ governorateId, districtId });
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
    nearby,
    choose,
    chooseFromList,
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
