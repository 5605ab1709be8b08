import { useCallback, useRef, useState } from 'react';
import {
  readStepDraft,
  writeStepDraft,
  type DraftStep,
  type StepDraft,
} from '../flow/booking-flow';

/**
 * What the customer has typed on a step but not yet submitted, kept in the booking store's
 * drafts so a reload (or a dropped connection on mobile data) does not wipe a half-filled form
 * (D7). `initial` gives the form's values from the flow; the draft's fields win over them.
 */
export function useStepDraft<S extends DraftStep, T extends Required<StepDraft<S>>>(
  step: S,
  initial: () => T,
): [T, (patch: Partial<T>) => void, () => void] {
  const [values, setValues] = useState<T>(() => ({ ...initial(), ...readStepDraft(step) }));
  // Each change builds on the last one, even two in the same frame (a blur right after a type).
  const latest = useRef(values);

  const change = useCallback(
    (patch: Partial<T>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setValues(next);
      writeStepDraft(step, next);
    },
    [step],
  );

  const clear = useCallback(() => writeStepDraft(step, undefined), [step]);

  return [values, change, clear];
}
