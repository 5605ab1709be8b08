import { readStepDraft, writeStepDraft } from '../features/booking/flow/booking-flow';
import { readMoveTypeInputs } from '../features/pricing/move-state';
import type { EstimateDraftStore } from '../features/pricing/components/move-type-page';

/**
 * The estimator's answers live in the one booking store (`afsh.booking`, drafts.estimate), beside
 * the rest of the flow, rather than in a storage key of their own. Read back through the
 * estimator's own check, so a hand-edited draft is ignored and the price is recomputed (D4).
 */
export const estimateDraft: EstimateDraftStore = {
  load() {
    const draft = readStepDraft('estimate');
    if (!draft.moveType) return null;
    return readMoveTypeInputs({
      moveType: draft.moveType,
      housing: draft.housing,
      workers: Number(draft.workers),
      pickupFloor: Number(draft.pickupFloor),
      dropoffFloor: Number(draft.dropoffFloor),
    });
  },
  save(state) {
    writeStepDraft('estimate', {
      moveType: state.moveType,
      housing: state.housing,
      workers: String(state.workers),
      pickupFloor: String(state.pickupFloor),
      dropoffFloor: String(state.dropoffFloor),
    });
  },
};
