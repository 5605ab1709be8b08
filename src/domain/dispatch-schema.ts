import { z } from 'zod';
import { isValidYmd } from './datetime';
import type { AssignmentChoice } from './dispatch';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Admin: giving an order to a crew (D28). Its own module, like the plan's and the fleet's.

const id = z.string({ error: M.invalid }).trim().min(1, { error: M.invalid }).max(40, {
  error: M.invalid,
});

export const assignmentChoiceSchema = z.strictObject(
  {
    crewId: id,
    truckId: id.nullable().optional(),
    date: z.string({ error: M.dateInvalid }).trim().refine(isValidYmd, { error: M.dateInvalid }),
    windowId: id,
  },
  { error: M.invalid },
) satisfies z.ZodType<AssignmentChoice>;

const place = z.string().trim().min(1).max(100);
const floorOf = z.coerce.number().int().min(0).max(100).default(0);

/**
 * The customer's move, when the date screen asks which windows could take it (D28): the
 * server's query string and the hosted function's data. Anything else is a question without a
 * move, answered for any move of one window.
 */
export const availabilityMoveSchema = z.object({
  governorateId: place,
  districtId: place,
  dropoffGovernorateId: place.optional(),
  dropoffDistrictId: place.optional(),
  moveType: z.string().trim().min(1).max(40),
  pickupFloor: floorOf,
  dropoffFloor: floorOf,
});
