// Crews for test backends (D12).
import {
  CREWS_MAX,
  FIRST_CAPACITY_PLAN,
  type CapacityDraft,
  type CapacityPlan,
} from '../domain/capacity';

/**
 * The first plan's windows with as many crews as a plan may have: backends for tests that are
 * not about capacity start with it, so their many orders on one morning are not refused.
 * Tests of capacity save a plan of their own.
 */
export const ROOMY_CAPACITY: CapacityDraft = {
  windows: FIRST_CAPACITY_PLAN.windows.map((window) => ({ ...window, crews: CREWS_MAX })),
  exceptions: [],
};

/** ROOMY_CAPACITY as the plan a test backend starts with (version 1, saved by nobody). */
export const ROOMY_PLAN: CapacityPlan = {
  ...ROOMY_CAPACITY,
  version: 1,
  updatedAt: null,
  updatedBy: null,
};
