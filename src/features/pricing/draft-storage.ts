import { readMoveTypeState, type MoveTypeFlowState } from './move-state';

// Going back from /prices (or reloading) should not wipe the customer's answers: the last
// continued estimate is kept for the tab's lifetime, like the rest of the booking flow (D7).
const DRAFT_KEY = 'afsh.pricing.moveTypeDraft';

export function saveMoveTypeDraft(state: MoveTypeFlowState): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(state));
  } catch {
    // Storage can be full or blocked; the draft is a convenience only.
  }
}

export function loadMoveTypeDraft(): MoveTypeFlowState | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? readMoveTypeState(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}
